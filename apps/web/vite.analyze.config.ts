import base from './vite.config.ts';
export default { ...base, build: { ...base.build, outDir: '/tmp/webperf-analyze', manifest: true, rollupOptions: { output: { manualChunks(id: string) {
  if (!id.includes('node_modules')) return undefined;
  const rest = id.split('node_modules/').pop()!; const parts = rest.split('/');
  return 'pkg-' + (parts[0]!.startsWith('@') ? parts[0]!.slice(1) + '-' + parts[1] : parts[0]);
} } } } };
