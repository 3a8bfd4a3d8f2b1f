// Server texts in the caller's language (zh by default). Texts the front end shares (validation,
// signature, session) come from shared/i18n; the table here holds what only the server says, plus
// the sign-in answers, whose en wording is SPEC §8's exactly because API clients match on it.
import type { FastifyRequest } from 'fastify';
import { interpolate, translate as sharedTranslate } from '../../shared/i18n/translate.ts';
import type { MessageKey as ValidateKey } from '../../shared/validate/keys.ts';

export type Lang = 'zh' | 'en';

const LOCAL = {
  'auth.wrongPassword': { zh: '用户名或密码错误', en: 'wrong username or password' },
  'auth.phoneOrCode': { zh: '手机号未注册或验证码错误', en: 'phone not registered or wrong code' },
  'auth.smsDisabled': { zh: '未开启短信登录', en: 'SMS login not enabled' },
  'auth.smsAlreadySent': { zh: '验证码已发送，请稍后再试', en: 'code already sent' },
  'auth.invalidUser': { zh: '无效用户', en: 'invalid user' },
  'auth.invalidCode': { zh: '验证码无效', en: 'invalid verification code' },
  'auth.locked': { zh: '密码错误次数过多，账号已锁定，请 {{minutes}} 分钟后再试', en: 'too many wrong passwords: the account is locked, try again in {{minutes}} minutes' },
  'sign.nonceShort': { zh: 'nonce 须为 16 到 128 个字符', en: 'nonce must be 16 to 128 characters' },
  'sign.unsignedQuery': { zh: '带请求体的请求不能再带查询参数（签名只覆盖请求体）：{{fields}}', en: 'a request with a body may not carry query parameters, which its signature does not cover: {{fields}}' },
  'validate.repeated': { zh: '参数 {{field}} 重复出现；多个值请用逗号分隔', en: 'the parameter {{field}} is given more than once; separate several values with commas' },
  'sign.missingHeaders': { zh: '缺少签名请求头（timestamp、nonce、sign）', en: 'missing signature headers (timestamp, nonce, sign)' },
  'validate.body': { zh: '请求体必须是 JSON 对象', en: 'the request body must be a JSON object' },
  'validate.json': { zh: '请求体不是有效的 JSON', en: 'the request body is not valid JSON' },
  'validate.oneOf': { zh: '取值无效', en: 'invalid value' },
  'contract.unknown': { zh: '不是此接口的参数', en: 'is not a parameter of this call' },
  'contract.list': { zh: '须为列表', en: 'must be a list' },
  'contract.boolean': { zh: '须为 true 或 false', en: 'must be true or false' },
  'contract.object': { zh: '须为对象', en: 'must be an object' },
  'contract.number': { zh: '超出允许范围（界限 {{limit}}）', en: 'is out of range (limit {{limit}})' },
  'contract.items': { zh: '须包含 {{min}} 到 {{max}} 项', en: 'must hold {{min}} to {{max}} items' },
  'contract.format': { zh: '格式不正确', en: 'has the wrong format' },
  'contract.choice': { zh: '须为以下之一：{{allowed}}', en: 'must be one of: {{allowed}}' },
  'validate.day': { zh: '须为真实的日期（YYYY-MM-DD）', en: 'a real date written YYYY-MM-DD' },
  'validate.month': { zh: '须为月份（YYYY-MM）', en: 'a month written YYYY-MM' },
  'custom.stale': { zh: '数据已在别处修改，请刷新后重试', en: 'data was changed elsewhere, reload' },
  'custom.notFound': { zh: '数据不存在', en: 'data not found' },
  'custom.exists': { zh: '该键的数据已存在，请刷新后修改', en: 'data for this key already exists, reload and edit it' },
  'user.oldPassword': { zh: '原密码错误', en: 'the old password is wrong' },
  'user.phoneTaken': { zh: '该手机号码已被使用', en: 'this phone number is already in use' },
  'upload.failed': { zh: '上传失败', en: 'upload failed' },
  'server.error': { zh: '服务器内部错误', en: 'internal server error' },
  'server.notFound': { zh: '接口不存在', en: 'no such interface' },
  'server.badUrl': { zh: '请求地址无效（路径参数过长或编码错误）', en: 'the request address is not valid (a path parameter too long or badly encoded)' },
  'server.tooLarge': { zh: '请求体过大', en: 'the request body is too large' },
  'server.unsupported': { zh: '不支持的请求内容类型', en: 'unsupported content type' },
  'server.tooMany': { zh: '请求过于频繁，请 {{seconds}} 秒后再试', en: 'too many requests: try again in {{seconds}} seconds' },
  'fault.injected': { zh: '测试注入的故障', en: 'injected test fault' },
  'field.username': { zh: '用户名', en: 'username' },
  'field.password': { zh: '密码', en: 'password' },
  'field.verifyCode': { zh: '验证码', en: 'verification code' },
  'field.model': { zh: '登录方式', en: 'sign-in model' },
  'field.type': { zh: '类型', en: 'type' },
  'field.name': { zh: '姓名', en: 'name' },
  'field.phone': { zh: '手机号码', en: 'phone number' },
  'field.email': { zh: '邮箱', en: 'email' },
  'field.oldPassword': { zh: '原密码', en: 'old password' },
  'field.newPassword': { zh: '新密码', en: 'new password' },
  'field.confirmPassword': { zh: '确认密码', en: 'confirm password' },
  'field.customKey': { zh: '数据键', en: 'customKey' },
  'field.customValue': { zh: '数据值', en: 'customValue' },
  'field.id': { zh: 'ID', en: 'id' },
  'field.version': { zh: '版本', en: 'version' },
  'field.path': { zh: '路径', en: 'path' },
  'field.count': { zh: '次数', en: 'count' },
  'field.code': { zh: '代码', en: 'code' },
  'field.status': { zh: '状态码', en: 'status' },
  'field.delayMs': { zh: '延迟', en: 'delayMs' },
  'field.msg': { zh: '消息', en: 'msg' },
  'field.number': { zh: '编号', en: 'number' },
  'field.note': { zh: '备注', en: 'note' },
  'field.tags': { zh: '标签', en: 'tags' },
  'field.fileId': { zh: '文件', en: 'file' },
  'field.deviceIds': { zh: '关联设备', en: 'related devices' },
  'field.day': { zh: '日期', en: 'day' },
  'field.month': { zh: '月份', en: 'month' },
} as const satisfies Record<string, Record<Lang, string>>;

/** Keys of shared/i18n the server answers with. */
type SharedKey = ValidateKey | 'http.sessionExpired.message' | 'http.illegalLicense.message' | 'http.noPermission' | 'sign.wrong' | 'sign.stale' | 'sign.replayed';

export type LocalKey = keyof typeof LOCAL;
export type MessageKey = LocalKey | SharedKey;
export type Vars = Readonly<Record<string, string | number>>;

const isLocal = (key: string): key is LocalKey => Object.hasOwn(LOCAL, key);

/** The caller's language: header `lang: en…`, else an Accept-Language starting with en; zh otherwise. */
export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const lang = request.headers['lang'];
  if (typeof lang === 'string' && lang.trim() !== '') return lang.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
  const accept = request.headers['accept-language'];
  return typeof accept === 'string' && accept.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function translate(lang: Lang, key: MessageKey, vars?: Vars): string {
  return isLocal(key) ? interpolate(LOCAL[key][lang], vars) : sharedTranslate(lang, key, vars);
}

/** A field's label in the caller's language, or the raw name when the table has none. */
export function fieldLabel(lang: Lang, field: string): string {
  const key = `field.${field}`;
  return isLocal(key) ? LOCAL[key][lang] : field;
}

export function t(request: Pick<FastifyRequest, 'headers'>, key: MessageKey, vars?: Vars): string {
  return translate(langOf(request), key, vars);
}

/** A domain's own server texts: each key in both languages, placeholders written {name} or {{name}}. */
export type TextTable = Readonly<Record<string, Readonly<Record<Lang, string>>>>;

/**
 * The one way a route file says one of its texts: `say(lang or request, key, vars)` gives the text
 * in the caller's language with its placeholders filled in. A numeric `count` picks the singular
 * where the table has one (`key_one`, as the console's texts name it): "1 device exported".
 */
export function textsOf<T extends TextTable>(table: T) {
  return (who: Lang | Pick<FastifyRequest, 'headers'>, key: keyof T & string, vars: Readonly<Record<string, string | number>> = {}): string => {
    const lang = typeof who === 'string' ? who : langOf(who);
    const one = typeof vars.count === 'number' && new Intl.PluralRules(lang).select(vars.count) === 'one' ? table[`${key}_one`] : undefined;
    return (one ?? table[key]!)[lang].replace(/\{\{(\w+)\}\}|\{(\w+)\}/g, (_m, a?: string, b?: string) => String(vars[(a ?? b)!] ?? ''));
  };
}
