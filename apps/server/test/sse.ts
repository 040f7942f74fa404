/** Reads SSE frames until `match` holds or the time runs out; returns every frame read. */
export async function readFrames(body: ReadableStream<Uint8Array>, match: (frames: string[]) => boolean, ms: number) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const frames: string[] = [];
  let buffer = '';
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline && !match(frames)) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      frames.push(...parts);
    }
    return frames;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
