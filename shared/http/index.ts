export { http, RequestError, REQUEST_TIMEOUT_MS, setSessionHooks } from './client.ts';
export type { Client, RequestOptions, SessionHooks } from './client.ts';
export { notify, onNotice } from './notify.ts';
export type { Notice, NoticeLevel } from './notify.ts';
export { setHash, signPayload, signRequest, createNonce } from './sign.ts';
export { interpret } from './catalogue.ts';
