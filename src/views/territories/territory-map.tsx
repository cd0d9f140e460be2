import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, type MapConfig, type TerritoryCircle, type TerritoryCoverage } from '../../../contracts/territories';
import classes from './territory-map.module.css';

/**
 * The service-area map (Leaflet, bundled): the territory's circles, each with a handle in its
 * centre to move it and one on its edge to resize it, and what the circles and zips cover. A
 * click on the map adds a circle; a click on a circle offers to remove it. The form beside the
 * map does all of this by keyboard too; here Leaflet needs a real layout, so this component is
 * tried in Chromium and the view tests stand another one in for it.
 */

export type TerritoryMapProps = {
  /** The form's circles by their place in the list; null where a field does not hold a number yet. */
  circles: readonly (TerritoryCircle | null)[];
  coverage: TerritoryCoverage | null;
  /** Null while unknown or unreachable: the map works without tiles. */
  tiles: MapConfig | null;
  onAddCircle: (center: { lat: number; lng: number }) => void;
  onMoveCircle: (index: number, center: { lat: number; lng: number }) => void;
  onResizeCircle: (index: number, radiusMeters: number) => void;
  onRemoveCircle: (index: number) => void;
};

const METERS_PER_DEGREE = 111_320;

/** Where the resize handle sits: due east of the centre, on the circle's edge. */
function edgeOf(circle: TerritoryCircle): L.LatLng {
  const perDegree = METERS_PER_DEGREE * Math.max(Math.cos((circle.center_lat * Math.PI) / 180), 0.01);
  return L.latLng(circle.center_lat, circle.center_lng + circle.radius_meters / perDegree);
}

const handle = (className: string, size: number) => L.divIcon({ className, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });

/** Sign-ups read at a glance: the area grows with the count. */
const signupRadius = (signups: number) => 5 + 3 * Math.sqrt(signups);

function removeButton(index: number, onRemove: (index: number) => void): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = classes.removeButton!;
  button.textContent = `Remove circle ${index + 1}`;
  button.addEventListener('click', () => onRemove(index));
  return button;
}

function drawCircle(layer: L.LayerGroup, map: L.Map, circle: TerritoryCircle, index: number, props: { current: TerritoryMapProps }) {
  const center = L.latLng(circle.center_lat, circle.center_lng);
  const shape = L.circle(center, { radius: circle.radius_meters, className: classes.circle, bubblingMouseEvents: false });
  shape.bindPopup(() =>
    removeButton(index, (at) => {
      map.closePopup();
      props.current.onRemoveCircle(at);
    }),
  );
  const name = `Circle ${index + 1}`;
  const middle = L.marker(center, { draggable: true, keyboard: false, icon: handle(classes.centerHandle!, 16), title: `${name}: drag to move` });
  const edge = L.marker(edgeOf(circle), { draggable: true, keyboard: false, icon: handle(classes.edgeHandle!, 14), title: `${name}: drag to resize` });
  middle.on('drag', () => {
    const moved = middle.getLatLng();
    shape.setLatLng(moved);
    edge.setLatLng(edgeOf({ center_lat: moved.lat, center_lng: moved.lng, radius_meters: shape.getRadius() }));
  });
  middle.on('dragend', () => props.current.onMoveCircle(index, middle.getLatLng()));
  edge.on('drag', () => shape.setRadius(map.distance(shape.getLatLng(), edge.getLatLng())));
  edge.on('dragend', () => props.current.onResizeCircle(index, Math.max(1, Math.round(shape.getRadius()))));
  layer.addLayer(shape).addLayer(middle).addLayer(edge);
}

function drawCoverage(layer: L.LayerGroup, coverage: TerritoryCoverage) {
  for (const zip of coverage.zips) {
    if (zip.listed) {
      layer.addLayer(L.circleMarker([zip.lat, zip.lng], { radius: 3, className: classes.zip, bubblingMouseEvents: false }).bindTooltip(`Zip ${zip.zip_code}`));
    }
    if (zip.signups > 0) {
      layer.addLayer(
        L.circleMarker([zip.lat, zip.lng], { radius: signupRadius(zip.signups), className: classes.signups, bubblingMouseEvents: false }).bindTooltip(
          `${zip.zip_code}: ${zip.signups} sign-up${zip.signups === 1 ? '' : 's'}`,
        ),
      );
    }
  }
  for (const restaurant of coverage.restaurants) {
    layer.addLayer(L.marker([restaurant.lat, restaurant.lng], { keyboard: false, icon: handle(classes.restaurant!, 14), title: restaurant.name }));
  }
}

const drawnCircles = (circles: readonly (TerritoryCircle | null)[]) => circles.filter((circle): circle is TerritoryCircle => circle !== null);

function fitToCircles(map: L.Map, circles: readonly TerritoryCircle[]) {
  const bounds = circles.map((circle) => L.latLng(circle.center_lat, circle.center_lng).toBounds(circle.radius_meters * 2));
  map.fitBounds(
    bounds.reduce((all, one) => all.extend(one)),
    { padding: [16, 16] },
  );
}

/** An empty territory opens on the default centre; one with circles, on its circles. */
function initialView(map: L.Map, circles: readonly (TerritoryCircle | null)[]) {
  const drawn = drawnCircles(circles);
  if (drawn.length === 0) map.setView([DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng], DEFAULT_MAP_ZOOM);
  else fitToCircles(map, drawn);
}

/**
 * A circle placed out of sight (its centre typed in the fields beside the map, or added by
 * keyboard) brings the map to that circle, so whoever placed it sees where it went. Only circles
 * that changed count, and the map goes to them alone: refitting to every circle after a drag
 * zoomed a spread-out territory out until the next handle was out of reach (issue 27).
 */
function keepChangedCirclesInSight(map: L.Map, circles: readonly (TerritoryCircle | null)[], before: readonly (TerritoryCircle | null)[]) {
  // By value, not by place: removing a circle moves the ones after it up the list unchanged.
  const key = (circle: TerritoryCircle) => `${circle.center_lat},${circle.center_lng},${circle.radius_meters}`;
  const known = new Set(drawnCircles(before).map(key));
  const changed = drawnCircles(circles).filter((circle) => !known.has(key(circle)));
  const view = map.getBounds();
  const outOfSight = changed.filter((circle) => !view.contains([circle.center_lat, circle.center_lng]));
  if (outOfSight.length > 0) fitToCircles(map, outOfSight);
}

export function TerritoryMap(props: TerritoryMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const circlesLayer = useRef<L.LayerGroup | null>(null);
  const coverageLayer = useRef<L.LayerGroup | null>(null);
  // Leaflet's handlers are bound once; they read the latest callbacks through this.
  const latest = useRef(props);
  latest.current = props;
  // The circles as last drawn: the map follows only the ones that changed since.
  const drawnBefore = useRef<readonly (TerritoryCircle | null)[]>(props.circles);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const created = L.map(element, { worldCopyJump: true });
    initialView(created, latest.current.circles);
    coverageLayer.current = L.layerGroup().addTo(created);
    circlesLayer.current = L.layerGroup().addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => latest.current.onAddCircle(event.latlng.wrap()));
    map.current = created;
    // The map measures its box once; a box that changes size (a phone turned) is measured again.
    const resized = new ResizeObserver(() => created.invalidateSize());
    resized.observe(element);
    return () => {
      resized.disconnect();
      created.remove();
      map.current = null;
    };
  }, []);

  const { tiles, circles, coverage } = props;
  useEffect(() => {
    if (!map.current || !tiles) return undefined;
    const layer = L.tileLayer(tiles.tile_url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map.current);
    return () => {
      layer.remove();
    };
  }, [tiles]);

  useEffect(() => {
    const layer = circlesLayer.current;
    if (!map.current || !layer) return;
    layer.clearLayers();
    circles.forEach((circle, index) => {
      if (circle) drawCircle(layer, map.current!, circle, index, latest);
    });
    keepChangedCirclesInSight(map.current, circles, drawnBefore.current);
    drawnBefore.current = circles;
  }, [circles]);

  useEffect(() => {
    const layer = coverageLayer.current;
    if (!layer) return;
    layer.clearLayers();
    if (coverage) drawCoverage(layer, coverage);
  }, [coverage]);

  return (
    <div
      ref={container}
      className={classes.map}
      role="region"
      aria-label="Service area map: click to add a circle, drag a circle's centre to move it or its edge handle to resize it, click a circle to remove it"
    />
  );
}
