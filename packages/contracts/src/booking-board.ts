// Filled by the issue-12 work.
export {};
