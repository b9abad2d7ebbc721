export const MODULE = 'Administrator Management';
