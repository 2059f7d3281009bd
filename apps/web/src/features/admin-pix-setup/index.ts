export { PixSetupTab as default } from './components/pix-setup-tab';
export { PixConfigScreen } from './components/pix-config-screen';
