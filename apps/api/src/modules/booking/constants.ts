export const MODULE = 'Booking Management';
export const SLOT_TAKEN = 'One or more of the selected slots has just been booked by someone else. Please choose other slots.';
