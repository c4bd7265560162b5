import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Recharts reads React elements through react-is, which must be React 19's own
  // (an older copy lies higher in node_modules for another workspace's use).
  resolve: { dedupe: ['react-is'] },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 400 },
});
