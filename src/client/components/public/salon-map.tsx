import { Anchor, AspectRatio, Box, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { SALON_NAME } from '@/shared/constants';
import { useHydrated } from '@/client/lib/use-hydrated';
import {
  appleDirectionsUrl,
  geoUri,
  googleDirectionsUrl,
  largerMapUrl,
  MAP_PROBE_URL,
  mapEmbedUrl,
  type MapLocation,
} from './contact-format';

/** How long the map's host may take to answer the probe, and then the frame to load. */
const PROBE_TIMEOUT_MS = 8_000;
const FRAME_TIMEOUT_MS = 15_000;

/**
 * picture: the drawing only (what the server renders, and all a phone without network sees);
 * checking: the map's host is being asked; loading: the frame loads, hidden under the drawing;
 * shown: the frame covers the drawing; unavailable: the host did not answer, the drawing stays.
 */
type MapState = 'picture' | 'checking' | 'loading' | 'shown' | 'unavailable';

/**
 * geo: links do something only on Android. The server cannot know the device, so it renders none
 * (the server snapshot) and the link joins right after hydration.
 */
const isAndroid = () => /Android/i.test(navigator.userAgent);
const neverChanges = () => () => undefined;

/**
 * True once a picture from the map's host has loaded. A cross-origin frame's load event also fires
 * for the browser's error page (offline, blocked), so it cannot tell a map from a broken frame; an
 * image's error event can (docs/decisions/0022-contact-map.md).
 */
function mapHostReachable(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = new Image();
    const finish = (reachable: boolean) => {
      window.clearTimeout(timer);
      probe.onload = null;
      probe.onerror = null;
      resolve(reachable);
    };
    const timer = window.setTimeout(() => finish(false), timeoutMs);
    probe.onload = () => finish(true);
    probe.onerror = () => finish(false);
    probe.referrerPolicy = 'no-referrer';
    probe.src = url;
  });
}

/**
 * The salon's place: a drawn map with a pin, always there, and "Directions" links that open the
 * phone's map app. OpenStreetMap's interactive map is loaded only on request, and only shown once
 * its host has answered, so a broken frame never covers the picture. Shown on /contact, and as the
 * preview of the position in the back office's Settings > Salon details.
 */
export function SalonMap({ location, address }: { location: MapLocation; address: string }) {
  const [state, setState] = useState<MapState>('picture');
  // The server's page shows the button before its script runs: until then a press would do nothing.
  const live = useHydrated();
  const offerGeo = useSyncExternalStore(neverChanges, isAndroid, () => false);
  const directionsId = useId();

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => setState('unavailable'), FRAME_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const showMap = () => {
    if (!navigator.onLine) {
      setState('unavailable');
      return;
    }
    setState('checking');
    void mapHostReachable(MAP_PROBE_URL, PROBE_TIMEOUT_MS).then((reachable) => {
      setState((current) => (current === 'checking' ? (reachable ? 'loading' : 'unavailable') : current));
    });
  };

  const framed = state === 'loading' || state === 'shown';
  return (
    <Stack gap="sm">
      <div>
        <AspectRatio ratio={4 / 3}>
          <Box
            pos="relative"
            // The border keeps the drawing's white streets from running into the white page.
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              overflow: 'hidden',
              background: '#fbf1f4',
              border: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <MapPicture />
            {framed ? (
              <iframe
                title={`Map of the area around ${address}`}
                src={mapEmbedUrl(location)}
                referrerPolicy="no-referrer-when-downgrade"
                onLoad={() => setState((current) => (current === 'loading' ? 'shown' : current))}
                // Hidden, not absent, while it loads: the drawing stays in view until the map is there.
                style={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  border: 0,
                  visibility: state === 'shown' ? 'visible' : 'hidden',
                }}
              />
            ) : null}
            {state === 'shown' ? null : (
              <Button
                onClick={showMap}
                disabled={!live}
                loading={state === 'checking' || state === 'loading'}
                variant="white"
                size="sm"
                radius="xl"
                style={{
                  position: 'absolute',
                  left: '50%',
                  bottom: 16,
                  transform: 'translateX(-50%)',
                  boxShadow: 'var(--mantine-shadow-sm)',
                }}
              >
                {state === 'unavailable' ? 'Try the interactive map again' : 'Show interactive map'}
              </Button>
            )}
          </Box>
        </AspectRatio>
        {/* Always in the page, so screen readers announce the text when it appears. */}
        <Text role="status" size="sm" c="dimmed" mt={state === 'unavailable' ? 'xs' : 0}>
          {state === 'unavailable'
            ? 'The interactive map could not be loaded (no connection, or the map site is blocked). The directions links below open the salon in your map app.'
            : null}
        </Text>
      </div>

      <Text fw={600} size="sm" c="dimmed" tt="uppercase" lts={0.5} id={directionsId}>
        Directions
      </Text>
      <Group gap="xs" role="group" aria-labelledby={directionsId}>
        <DirectionsLink href={googleDirectionsUrl(location)} app="Google Maps" newTab />
        <DirectionsLink href={appleDirectionsUrl(location)} app="Apple Maps" newTab />
        {offerGeo ? <DirectionsLink href={geoUri(location, SALON_NAME)} app="Other map app" /> : null}
      </Group>
      <Anchor href={largerMapUrl(location)} target="_blank" rel="noopener noreferrer" size="sm">
        View larger map
        <VisuallyHidden> (opens OpenStreetMap in a new tab)</VisuallyHidden>
      </Anchor>
    </Stack>
  );
}

/** "Google Maps" on the button; "Directions in Google Maps (opens in a new tab)" to a screen reader. */
function DirectionsLink({ href, app, newTab = false }: { href: string; app: string; newTab?: boolean }) {
  return (
    <Button
      component="a"
      href={href}
      variant="light"
      size="sm"
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <VisuallyHidden>Directions in </VisuallyHidden>
      {app}
      {newTab ? <VisuallyHidden> (opens in a new tab)</VisuallyHidden> : null}
    </Button>
  );
}

/**
 * A neutral drawing of streets, a park and the shore with a pin in the middle: the same for every
 * salon, drawn inline so it shows without any request. It has no words in it; the address is
 * printed beside it.
 */
function MapPicture() {
  return (
    <svg
      role="img"
      aria-label="Drawn map: a pin marks the salon"
      viewBox="0 0 400 300"
      preserveAspectRatio="xMidYMid slice"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
    >
      <rect width="400" height="300" fill="#fbf1f4" />
      <path d="M0 210 C60 196 92 236 150 250 C210 266 250 300 250 300 L0 300 Z" fill="#d6e8f5" />
      <rect x="250" y="30" width="110" height="70" rx="14" fill="#dcefd8" />
      <circle cx="82" cy="70" r="26" fill="#dcefd8" />
      <g fill="none" stroke="#e9d9de" strokeWidth="22" strokeLinecap="round">
        <path d="M-20 120 L420 120" />
        <path d="M200 -20 L200 320" />
        <path d="M-20 40 L420 190" />
      </g>
      <g fill="none" stroke="#ffffff" strokeLinecap="round">
        <path d="M-20 120 L420 120" strokeWidth="16" />
        <path d="M200 -20 L200 320" strokeWidth="16" />
        <path d="M-20 40 L420 190" strokeWidth="16" />
        <path d="M110 -20 L110 200" strokeWidth="8" />
        <path d="M300 110 L300 320" strokeWidth="8" />
        <path d="M200 200 L420 230" strokeWidth="8" />
        <path d="M20 160 L200 160" strokeWidth="8" />
      </g>
      <ellipse cx="200" cy="152" rx="18" ry="6" fill="#000000" fillOpacity="0.18" />
      <path
        d="M200 152 C192 136 174 124 174 106 A26 26 0 0 1 226 106 C226 124 208 136 200 152 Z"
        fill="#e64980"
        stroke="#ffffff"
        strokeWidth="3"
      />
      <circle cx="200" cy="106" r="9" fill="#ffffff" />
    </svg>
  );
}
