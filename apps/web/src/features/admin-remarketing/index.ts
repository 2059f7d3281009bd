export { RemarketingTab as default } from './components/remarketing-tab';
