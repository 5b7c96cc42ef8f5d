import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

/**
 * MapLibre, loaded with the map (not with the app), told where its worker file is: MapLibre 6
 * looks for it beside its own module, which a bundle moves; Vite copies it as an asset.
 */
export const maplibre = import('maplibre-gl').then((lib) => {
  lib.setWorkerUrl(workerUrl);
  return lib;
});
