/**
 * Whether the JSON `text` nests objects and arrays more than `limit` levels deep (brackets inside
 * strings do not count). Read from the text in one scan, without recursion, however deep it nests; a
 * text shorter than two characters a level cannot, and is not scanned.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  if (text.length <= limit * 2) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth > limit) return true;
    } else if (char === ']' || char === '}') depth--;
  }
  return false;
}
