// Texts of the signed client's error catalogue (SPEC §8), the server's signature rejections and gateway errors.
import { defineResources } from './define.ts';

export default defineResources({
  zh: {
    http: {
      networkTimeout: '网络超时',
      cannotConnect: '无法连接服务器',
      sessionExpired: {
        title: '会话已过期',
        message: '会话已过期，请重新登录',
      },
      loggedElsewhere: {
        title: '账号已在别处登录',
        message: '您的账号已在别处登录。如非本人操作，密码可能已泄露，请及时修改密码。',
      },
      noPermission: '没有功能权限',
      illegalLicense: {
        title: '非法许可证',
        message: '许可证已过期，请联系服务运营商获取合法许可证',
      },
      requestError: '请求错误',
      loggedOut: '您已退出登录',
      unknownError: '未知错误',
    },
    sign: {
      missing: '缺少签名请求头（access-token、timestamp、nonce、sign）',
      wrong: '签名错误',
      stale: '时间戳与服务器时间相差超过 5 分钟',
      replayed: '随机数已被使用（重复请求）',
    },
    gateway: {
      noAnswer: '网关无应答',
      offline: '网关离线',
      exception: '网关异常',
    },
  },
  en: {
    http: {
      networkTimeout: 'network timeout',
      cannotConnect: 'cannot connect to the server',
      sessionExpired: {
        title: 'Session expired',
        message: 'Session expired, please log in again',
      },
      loggedElsewhere: {
        title: 'Logged in elsewhere',
        message: 'user logged in elsewhere; if not you, the password may be leaked, change it',
      },
      noPermission: 'no function permission',
      illegalLicense: {
        title: 'Illegal License',
        message: 'License expired, contact the service operator for a legal License',
      },
      requestError: 'request error',
      loggedOut: 'you have been logged out',
      unknownError: 'Unknown error',
    },
    sign: {
      missing: 'Signature headers missing (access-token, timestamp, nonce, sign)',
      wrong: 'Wrong signature',
      stale: 'Timestamp more than 5 minutes off the server time',
      replayed: 'Nonce already used (replayed request)',
    },
    gateway: {
      noAnswer: 'Gateway no answer',
      offline: 'Gateway offline',
      exception: 'Gateway exception',
    },
  },
});
