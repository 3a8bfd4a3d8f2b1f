// Server-side texts in both languages. The caller's language picks one (zh by default).
import type { FastifyRequest } from 'fastify';

export type Lang = 'zh' | 'en';

const MESSAGES = {
  'auth.wrongPassword': { zh: '用户名或密码错误', en: 'wrong username or password' },
  'auth.phoneOrCode': { zh: '手机号未注册或验证码错误', en: 'phone not registered or wrong code' },
  'auth.smsDisabled': { zh: '未开启短信登录', en: 'SMS login not enabled' },
  'auth.smsAlreadySent': { zh: '验证码已发送，请稍后再试', en: 'code already sent' },
  'auth.invalidUser': { zh: '无效用户', en: 'invalid user' },
  'auth.invalidCode': { zh: '验证码无效', en: 'invalid verification code' },
  'auth.sessionExpired': { zh: '会话已过期，请重新登录', en: 'session expired, please log in again' },
  'auth.noPermission': { zh: '没有功能权限', en: 'no function permission' },
  'auth.smsType': { zh: '验证码类型无效', en: 'invalid verification code type' },
  'sign.missing': { zh: '缺少签名请求头（timestamp、nonce、sign）', en: 'missing signature headers (timestamp, nonce, sign)' },
  'sign.nonceShort': { zh: 'nonce 至少需要 16 个字符', en: 'nonce must be at least 16 characters' },
  'sign.timestamp': { zh: '时间戳与服务器时间相差超过 5 分钟', en: 'timestamp is more than 5 minutes off' },
  'sign.nonceReused': { zh: 'nonce 已被使用（重放请求）', en: 'nonce already used (replayed request)' },
  'sign.wrong': { zh: '签名错误', en: 'wrong signature' },
  'validate.body': { zh: '请求体必须是 JSON 对象', en: 'the request body must be a JSON object' },
  'validate.json': { zh: '请求体不是有效的 JSON', en: 'the request body is not valid JSON' },
  'validate.required': { zh: '{field}不能为空', en: '{field} cannot be empty' },
  'validate.string': { zh: '{field}必须是文本', en: '{field} must be text' },
  'validate.integer': { zh: '{field}必须是整数', en: '{field} must be an integer' },
  'validate.range': { zh: '{field}必须在 {min} 到 {max} 之间', en: '{field} must be between {min} and {max}' },
  'validate.length': { zh: '{field}长度必须为 {min} 到 {max} 个字符', en: '{field} must be {min} to {max} characters long' },
  'validate.oneOf': { zh: '{field}的值无效', en: '{field} has an invalid value' },
  'validate.phoneEmpty': { zh: '手机号码不能为空', en: 'phone number cannot be empty' },
  'validate.numeric': { zh: '请输入数值', en: 'please enter a numeric value' },
  'validate.phoneFormat': { zh: '手机号码格式不正确', en: 'phone number format incorrect' },
  'validate.email': { zh: '邮箱格式不正确', en: 'email format incorrect' },
  'validate.namePattern': { zh: '{field}只能包含中文、字母、数字、下划线、连字符和空格', en: '{field} may only contain Chinese characters, letters, digits, underscore, hyphen and spaces' },
  'validate.passwordMismatch': { zh: '两次输入的密码不一致!', en: 'The passwords entered twice do not match!' },
  'custom.stale': { zh: '数据已在别处修改，请刷新后重试', en: 'data was changed elsewhere, reload' },
  'custom.notFound': { zh: '数据不存在', en: 'data not found' },
  'custom.exists': { zh: '该键的数据已存在，请刷新后修改', en: 'data for this key already exists, reload and edit it' },
  'user.oldPassword': { zh: '原密码错误', en: 'the old password is wrong' },
  'user.phoneTaken': { zh: '该手机号码已被使用', en: 'this phone number is already in use' },
  'upload.missing': { zh: '请选择要上传的文件', en: 'please choose a file to upload' },
  'upload.type': { zh: '头像只能是 JPG、PNG 或 SVG 图片', en: 'the avatar must be a JPG, PNG or SVG image' },
  'upload.size': { zh: '文件不能超过 2 MB', en: 'the file must not exceed 2 MB' },
  'upload.failed': { zh: '上传失败', en: 'upload failed' },
  'server.error': { zh: '服务器内部错误', en: 'internal server error' },
  'server.notFound': { zh: '接口不存在', en: 'no such interface' },
  'server.tooLarge': { zh: '请求体过大', en: 'the request body is too large' },
  'server.unsupported': { zh: '不支持的请求内容类型', en: 'unsupported content type' },
  'fault.injected': { zh: '测试注入的故障', en: 'injected test fault' },
  'field.username': { zh: '用户名', en: 'username' },
  'field.password': { zh: '密码', en: 'password' },
  'field.verifyCode': { zh: '验证码', en: 'verification code' },
  'field.model': { zh: '登录方式', en: 'sign-in model' },
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
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;
export type Vars = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** The caller's language: header `lang: en…` or an Accept-Language starting with en; zh otherwise. */
export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const lang = request.headers['lang'];
  if (typeof lang === 'string' && lang.trim() !== '') return lang.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
  const accept = request.headers['accept-language'];
  return typeof accept === 'string' && accept.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function translate(lang: Lang, key: MessageKey, vars: Vars = {}): string {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** A field's label in the caller's language, or the raw name when the table has none. */
export function fieldLabel(lang: Lang, field: string): string {
  const key = `field.${field}`;
  return isMessageKey(key) ? translate(lang, key) : field;
}

export function t(request: Pick<FastifyRequest, 'headers'>, key: MessageKey, vars?: Vars): string {
  return translate(langOf(request), key, vars);
}
