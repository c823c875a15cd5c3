/**
 * The addresses module's front door — coded addresses since the 2025 reform: the 34 provinces' wards (generated from a
 * public dataset), their former names, accent-insensitive ward search, an address's ward resolved. Nothing else of the
 * module is imported from outside.
 */
export {};
