export { ProfilePage } from './ProfilePage';
export { CentreListPage } from './CentreListPage';
