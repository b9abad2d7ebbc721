import { z } from 'zod';

/**
 * Django REST Framework's wording for generic validation failures, so the API's field errors
 * read the same as the DRF backend the spec's client was written against. Schemas that need
 * the spec's own wording (section 5) pass it explicitly and win over this map.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return 'This field is required.';
        if (issue.input === null) return 'This field may not be null.';
        if (issue.expected === 'number' || issue.expected === 'int') return 'A valid number is required.';
        if (issue.expected === 'boolean') return 'Must be a valid boolean.';
        if (issue.expected === 'string') return 'Not a valid string.';
        if (issue.expected === 'array') return 'Expected a list of items.';
        if (issue.expected === 'object') return 'Invalid data. Expected a dictionary.';
        return 'Invalid value.';
      case 'too_small':
        if (issue.origin === 'string')
          return Number(issue.minimum) <= 1
            ? 'This field may not be blank.'
            : `Ensure this field has at least ${issue.minimum} characters.`;
        if (issue.origin === 'number') return `Ensure this value is greater than or equal to ${issue.minimum}.`;
        return `Ensure this field has at least ${issue.minimum} elements.`;
      case 'too_big':
        if (issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
        if (issue.origin === 'number') return `Ensure this value is less than or equal to ${issue.maximum}.`;
        return `Ensure this field has no more than ${issue.maximum} elements.`;
      case 'invalid_format':
        if (issue.format === 'email') return 'Enter a valid email address.';
        return 'Enter a valid value.';
      case 'invalid_value':
        return 'Not a valid choice.';
      default:
        return undefined;
    }
  },
});

export { z };
