/** /admin?tab=rooms */
export { RoomsTab as default } from './components/rooms-tab';
