/**
 * Preparedness guidance, condensed from the public advice of the region's disaster agencies
 * (CDEMA and the national offices listed below) and the US National Hurricane Center.
 * Written in English; the site's own texts are translated, this reference content is not.
 */
export const GUIDES = [
  {
    id: 'before',
    title: 'Before the season: make a plan',
    points: [
      'Know whether you live in a storm-surge, flood or landslide zone, and where your nearest official shelter is.',
      'Agree with your household where you will go and how you will reach each other if phones are down.',
      'Keep copies of passports, land titles, insurance policies and prescriptions in a waterproof bag, and a copy with someone overseas.',
      'Trim trees near the house, clear drains and gutters, and check that shutters or plywood fit your windows.',
      'Review your home and contents insurance before June; policies often will not start once a storm is named.',
    ],
  },
  {
    id: 'kit',
    title: 'Emergency kit (enough for at least 7 days)',
    points: [
      'Water: 4 litres (1 gallon) per person per day, plus water for pets.',
      'Food that needs no cooking, a manual can opener, and baby food or special diets if needed.',
      'Medicines for two weeks, a first-aid kit, glasses, hearing-aid batteries.',
      'Battery or wind-up radio, torches, spare batteries, power banks, and some cash in small notes.',
      'Bleach or purification tablets, soap, sanitary supplies, rubbish bags, a whistle and a tarpaulin.',
    ],
  },
  {
    id: 'watch',
    title: 'When a watch is issued (conditions possible within 48 hours)',
    points: [
      'Follow your national disaster office and meteorological service; do not rely on forwarded voice notes.',
      'Fill vehicles with fuel, charge phones, withdraw some cash, and top up medicines.',
      'Bring in or tie down outdoor furniture, zinc sheets and anything that can become a missile.',
      'Fill clean containers and the bathtub with water for washing and flushing.',
    ],
  },
  {
    id: 'warning',
    title: 'When a warning is issued (conditions expected within 36 hours)',
    points: [
      'Put up shutters. If you are told to evacuate, leave early, and tell someone where you are going.',
      'Go to a shelter if your home is weak, low-lying or near the sea or a gully.',
      'Switch off gas and unplug appliances if told to; stay away from windows during the storm.',
      'The calm of the eye is not the end: the winds return from the other side.',
    ],
  },
  {
    id: 'after',
    title: 'After the storm',
    points: [
      'Wait for the all-clear. Stay away from downed lines, flooded roads and damaged buildings.',
      'Boil or treat water until the utility says it is safe; throw away food that got warm or wet.',
      'Run generators outdoors only, far from windows: their fumes kill.',
      'Photograph damage before you clean up and contact your insurer early.',
      'Check on elderly neighbours and people living alone.',
    ],
  },
] as const;

export const AGENCIES = [
  { name: 'CDEMA (Caribbean Disaster Emergency Management Agency)', area: 'Regional', url: 'https://www.cdema.org' },
  { name: 'ODPEM (Office of Disaster Preparedness and Emergency Management)', area: 'Jamaica', url: 'https://www.odpem.org.jm' },
  { name: 'Department of Emergency Management', area: 'Barbados', url: 'https://dem.gov.bb' },
  { name: 'ODPM (Office of Disaster Preparedness and Management)', area: 'Trinidad and Tobago', url: 'https://www.odpm.gov.tt' },
  { name: 'NEMA (National Emergency Management Agency)', area: 'The Bahamas', url: 'https://nema.gov.bs' },
  { name: 'National Hurricane Center', area: 'Forecasts and advisories', url: 'https://www.nhc.noaa.gov' },
] as const;

export function guideAsText(): string {
  const lines = ['C360 Storm Centre: Emergency Guide', ''];
  for (const g of GUIDES) lines.push(g.title.toUpperCase(), ...g.points.map((p) => `- ${p}`), '');
  lines.push('WHERE TO GET OFFICIAL INFORMATION', ...AGENCIES.map((a) => `- ${a.area}: ${a.name}, ${a.url}`));
  return lines.join('\n');
}
