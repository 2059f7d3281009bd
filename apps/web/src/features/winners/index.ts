export { WINNERS_TITLE, WinnersScreen } from './components/winners-screen';
