/** `@arena/contracts/diet`: Diet Management — foods (IFCT 2017 and own), categories, plans, assignments, member diets, templates, reports. */
export * from './nutrition.js';
export * from './diet.js';
export * from './endpoints.js';
