export { CertificatesTab as default } from './components/certificates-tab';
export { PixConfigScreen } from './components/pix-config-screen';
