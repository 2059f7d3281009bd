import { contact } from '@/lib/contact';
import { legalLinkClass } from './legal-document';

/** An e-mail address written out as its own mailto link. */
export function LegalMailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={legalLinkClass}>
      {address}
    </a>
  );
}

/** The support WhatsApp number, opening the chat in a new tab. */
export function LegalWhatsAppLink() {
  return (
    <a href={contact.whatsappLink} target="_blank" rel="noreferrer" className={legalLinkClass}>
      {contact.whatsapp}
    </a>
  );
}
