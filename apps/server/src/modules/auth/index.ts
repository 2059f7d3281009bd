/** The auth module's public face for other modules: the auth library's instance and its secret. */
export { type Auth, cookieSecret } from './auth';
