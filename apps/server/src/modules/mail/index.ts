/** The mail module's public face for other modules: the transport and the message layout. */
export * from './mail.service';
export {
  drawResultMail,
  payoutResultMail,
  pixCreditedMail,
  renderMail,
  roomCancelledMail,
} from './templates';
