/**
 * The key of emotion's style cache on both sides: the build-time render (entry-server.tsx)
 * writes `<style data-emotion="css ...">` tags, and the browser's cache, with the same key, takes
 * them over at hydration instead of inserting the same rules again.
 */
export const EMOTION_KEY = 'css';
