/**
 * Keys whose value identifies an array element by a code (`id`, `key`, `sku`, `unit_id`, `orderNumber`): what
 * a claim that writes the code ("unit 4B", "SKU TRAIL-40L") picks the element by.
 */

/** The key pattern, for building line patterns. */
export const ID_KEY_SOURCE = "(?:id|gid|key|code|sku|slug|number|identifier|[A-Za-z][A-Za-z0-9]*(?:_id|Id|_key|Key|_code|Code|_number|Number|_no))";

/** A key segment that identifies its element (the whole segment). */
export const ID_KEY = new RegExp(`^${ID_KEY_SOURCE}$`);
