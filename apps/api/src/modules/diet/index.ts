/** What other modules may use of Diet Management: End User Login's read of a member's diets (issue 27). */
export { memberDiets, type MemberAppDiet } from './member-app.js';
