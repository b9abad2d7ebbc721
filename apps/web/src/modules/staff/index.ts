export { CreateStaffCategoryPage, StaffCategoryPage } from './StaffCategoryPage';
