/**
 * The form fields. Each has a visible label tied to its control, its error (or hint) under it, and
 * takes its value one of two ways (see `binding.tsx`): `control` + `name` of a react-hook-form
 * made with `useZodForm` (lib/form.ts), or `value` + `onChange` outside a form.
 */
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField';
export { DateField, type DateFieldProps } from './DateField';
export { controlClass, FieldFrame, type FieldProps, type LabelDisplay } from './Field';
export { FileField, type FileFieldProps } from './FileField';
export { Form } from './Form';
export { MoneyField, type MoneyFieldProps } from './MoneyField';
export { MultiSelectField, type MultiOption, type MultiSelectFieldProps } from './MultiSelectField';
export { NumberField, type NumberFieldProps } from './NumberField';
export { optionsOf, type SelectOption } from './options';
export { PaymentFields } from './PaymentFields';
export { PhoneField, type PhoneFieldProps } from './PhoneField';
export { SelectField, type SelectFieldProps } from './SelectField';
export { SoldByField, soldByRequest } from './SoldByField';
export { TextareaField, type TextareaFieldProps } from './TextareaField';
export { TextField, type TextFieldProps } from './TextField';
export { TimeField, type TimeFieldProps } from './TimeField';
