export { AddStaffPage } from './AddStaffPage';
export { CreateStaffCategoryPage, StaffCategoryPage } from './StaffCategoryPage';
export { StaffListPage } from './StaffListPage';
export { StaffPage } from './StaffPage';
