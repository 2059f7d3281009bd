/** The notifications module's public face for other modules: the texts campaigns reuse. */
export { SMS_OPT_OUT_HINT } from './templates';
