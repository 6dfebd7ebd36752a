// The caps of the strict reader (xml.ts), which it applies as it reads: apart, so that the API's
// description can state them without carrying the reader.

/** Nutzdaten of a return are a few kilobytes; this leaves room for long ESt returns and nothing else. */
export const maxXmlBytes = 256 * 1024;
/** ELSTER's schemas nest about a dozen levels deep. */
export const maxXmlDepth = 32;
/** ELSTER's samples have a few hundred elements, a long ESt return a few thousand. */
export const maxXmlElements = 20_000;
/** On one element, namespace declarations included: ELSTER's elements carry two at most. */
export const maxXmlAttributes = 32;
/**
 * Namespace declarations on one element and in a whole document: ELSTER's documents declare one to
 * three. Only an element that declares one copies the scope it inherits, so copying stays within
 * these caps (at most 32 scopes of at most 33 prefixes) whatever the document's size.
 */
export const maxXmlNamespaces = { element: 8, document: 32 };
