import type { Language } from '../../i18n/i18n';

/**
 * Preparedness guidance, condensed from the public advice of the region's disaster agencies
 * (CDEMA and the national offices listed below) and the US National Hurricane Center, in the
 * site's four languages (the same guides, in the same order, with the same points). Only the
 * Storm Centre's lazy chunk imports this file: the texts stay out of the reader's first load.
 */
export type Guide = { id: string; title: string; points: readonly string[] };

const EN: readonly Guide[] = [
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
];

const ES: readonly Guide[] = [
  {
    id: 'before',
    title: 'Antes de la temporada: haga un plan',
    points: [
      'Averigüe si vive en una zona expuesta a marejada ciclónica, inundaciones o deslizamientos de tierra, y dónde está el refugio oficial más cercano.',
      'Acuerde con su familia adónde irán y cómo se comunicarán si los teléfonos dejan de funcionar.',
      'Guarde copias de pasaportes, títulos de propiedad, pólizas de seguro y recetas médicas en una bolsa impermeable, y deje otra copia a alguien en el extranjero.',
      'Pode los árboles cercanos a la casa, limpie desagües y canaletas, y compruebe que las contraventanas o los paneles de madera encajan en sus ventanas.',
      'Revise el seguro de la vivienda y de sus bienes antes de junio: muchas pólizas no entran en vigor una vez que la tormenta tiene nombre.',
    ],
  },
  {
    id: 'kit',
    title: 'Kit de emergencia (para al menos 7 días)',
    points: [
      'Agua: 4 litros (1 galón) por persona y por día, más agua para las mascotas.',
      'Alimentos que no necesiten cocción, un abrelatas manual y, si hace falta, comida para bebés o dietas especiales.',
      'Medicamentos para dos semanas, un botiquín de primeros auxilios, anteojos y pilas para audífonos.',
      'Radio de pilas o de manivela, linternas, pilas de repuesto, baterías portátiles y algo de efectivo en billetes pequeños.',
      'Cloro o pastillas potabilizadoras, jabón, productos de higiene, bolsas de basura, un silbato y una lona.',
    ],
  },
  {
    id: 'watch',
    title: 'Cuando se emite una vigilancia (condiciones posibles en un plazo de 48 horas)',
    points: [
      'Siga a su oficina nacional de gestión de desastres y al servicio meteorológico; no se fíe de las notas de voz reenviadas.',
      'Llene el tanque de los vehículos, cargue los teléfonos, retire algo de efectivo y reponga sus medicamentos.',
      'Guarde o amarre los muebles de exterior, las planchas de zinc y todo lo que el viento pueda convertir en proyectil.',
      'Llene recipientes limpios y la bañera con agua para lavar y para el inodoro.',
    ],
  },
  {
    id: 'warning',
    title: 'Cuando se emite un aviso (condiciones previstas en un plazo de 36 horas)',
    points: [
      'Coloque las contraventanas. Si le piden evacuar, salga pronto y diga a alguien adónde va.',
      'Vaya a un refugio si su casa es frágil, está en una zona baja o cerca del mar o de un barranco.',
      'Si se lo indican, cierre el gas y desenchufe los aparatos; aléjese de las ventanas durante la tormenta.',
      'La calma del ojo no es el final: los vientos vuelven desde el otro lado.',
    ],
  },
  {
    id: 'after',
    title: 'Después de la tormenta',
    points: [
      'Espere a que las autoridades den por terminado el peligro. Manténgase lejos de los cables caídos, las calles inundadas y los edificios dañados.',
      'Hierva o trate el agua hasta que la empresa de agua diga que es potable; tire los alimentos que se hayan calentado o mojado.',
      'Use los generadores solo al aire libre y lejos de las ventanas: sus gases matan.',
      'Fotografíe los daños antes de limpiar y avise pronto a su aseguradora.',
      'Compruebe cómo están sus vecinos mayores y las personas que viven solas.',
    ],
  },
];

const FR: readonly Guide[] = [
  {
    id: 'before',
    title: 'Avant la saison : préparez un plan',
    points: [
      'Sachez si vous habitez une zone exposée à la submersion marine, aux inondations ou aux glissements de terrain, et où se trouve l’abri officiel le plus proche.',
      'Convenez avec votre foyer de l’endroit où vous irez et de la façon de vous joindre si les téléphones ne fonctionnent plus.',
      'Rangez des copies des passeports, titres de propriété, contrats d’assurance et ordonnances dans un sac étanche, et confiez-en une copie à un proche à l’étranger.',
      'Élaguez les arbres proches de la maison, dégagez caniveaux et gouttières, et vérifiez que les volets ou les panneaux de contreplaqué s’adaptent à vos fenêtres.',
      'Revoyez votre assurance habitation avant juin : souvent, un contrat ne prend plus effet une fois la tempête baptisée.',
    ],
  },
  {
    id: 'kit',
    title: 'Kit d’urgence (de quoi tenir au moins 7 jours)',
    points: [
      'Eau : 4 litres (1 gallon) par personne et par jour, plus de l’eau pour les animaux.',
      'Des aliments qui se mangent sans cuisson, un ouvre-boîte manuel et, si besoin, des petits pots pour bébé ou des repas adaptés aux régimes particuliers.',
      'Deux semaines de médicaments, une trousse de premiers secours, des lunettes, des piles pour appareils auditifs.',
      'Une radio à piles ou à manivelle, des lampes de poche, des piles de rechange, des batteries externes et un peu d’argent liquide en petites coupures.',
      'De l’eau de Javel ou des pastilles de purification, du savon, des produits d’hygiène, des sacs-poubelle, un sifflet et une bâche.',
    ],
  },
  {
    id: 'watch',
    title: 'En cas de veille (conditions possibles dans les 48 heures)',
    points: [
      'Suivez votre office national de gestion des catastrophes et le service météorologique ; ne vous fiez pas aux messages vocaux transférés.',
      'Faites le plein des véhicules, chargez les téléphones, retirez un peu d’argent liquide et renouvelez vos médicaments.',
      'Rentrez ou arrimez les meubles de jardin, les tôles et tout ce que le vent peut transformer en projectile.',
      'Remplissez des récipients propres et la baignoire d’eau pour la toilette et les chasses d’eau.',
    ],
  },
  {
    id: 'warning',
    title: 'En cas d’avertissement (conditions attendues dans les 36 heures)',
    points: [
      'Fermez les volets anticycloniques. Si l’on vous demande d’évacuer, partez tôt et dites à quelqu’un où vous allez.',
      'Rejoignez un abri si votre maison est fragile, en zone basse ou près de la mer ou d’une ravine.',
      'Coupez le gaz et débranchez les appareils si on vous le demande ; restez loin des fenêtres pendant la tempête.',
      'Le calme de l’œil n’est pas la fin : les vents reviennent de l’autre côté.',
    ],
  },
  {
    id: 'after',
    title: 'Après la tempête',
    points: [
      'Attendez le signal de fin d’alerte des autorités. Tenez-vous à l’écart des lignes électriques tombées, des routes inondées et des bâtiments endommagés.',
      'Faites bouillir ou traitez l’eau jusqu’à ce que le distributeur la déclare potable ; jetez les aliments qui ont chauffé ou pris l’eau.',
      'Faites tourner les groupes électrogènes uniquement dehors, loin des fenêtres : leurs gaz tuent.',
      'Photographiez les dégâts avant de nettoyer et prévenez rapidement votre assureur.',
      'Prenez des nouvelles de vos voisins âgés et des personnes qui vivent seules.',
    ],
  },
];

const NL: readonly Guide[] = [
  {
    id: 'before',
    title: 'Voor het seizoen: maak een plan',
    points: [
      'Zoek uit of u in een gebied woont met kans op stormvloed, overstromingen of aardverschuivingen, en waar de dichtstbijzijnde officiële schuilplaats is.',
      'Spreek met uw huisgenoten af waar u naartoe gaat en hoe u elkaar bereikt als de telefoons uitvallen.',
      'Bewaar kopieën van paspoorten, eigendomsakten, verzekeringspolissen en recepten in een waterdichte tas, en geef een kopie aan iemand in het buitenland.',
      'Snoei bomen bij het huis, maak afvoeren en dakgoten schoon en controleer of de luiken of multiplexplaten op uw ramen passen.',
      'Controleer uw opstal- en inboedelverzekering vóór juni: een polis gaat vaak niet meer in zodra een storm een naam heeft.',
    ],
  },
  {
    id: 'kit',
    title: 'Noodpakket (voor minstens 7 dagen)',
    points: [
      'Water: 4 liter (1 gallon) per persoon per dag, plus water voor huisdieren.',
      'Eten dat niet gekookt hoeft te worden, een handblikopener en zo nodig babyvoeding of dieetvoeding.',
      'Medicijnen voor twee weken, een verbanddoos, een bril en batterijen voor het gehoorapparaat.',
      'Een radio op batterijen of met een slinger, zaklampen, reservebatterijen, powerbanks en wat contant geld in kleine coupures.',
      'Bleekwater of zuiveringstabletten, zeep, hygiëneartikelen, vuilniszakken, een fluitje en een dekzeil.',
    ],
  },
  {
    id: 'watch',
    title: 'Als waakzaamheid wordt afgekondigd (omstandigheden mogelijk binnen 48 uur)',
    points: [
      'Volg uw nationale rampenbestrijdingsdienst en de meteorologische dienst; vertrouw niet op doorgestuurde spraakberichten.',
      'Tank uw voertuigen vol, laad telefoons op, neem wat contant geld op en vul uw medicijnen aan.',
      'Zet tuinmeubelen, zinkplaten en alles wat kan wegwaaien binnen of zet het goed vast.',
      'Vul schone vaten en het bad met water om te wassen en het toilet door te spoelen.',
    ],
  },
  {
    id: 'warning',
    title: 'Als een waarschuwing wordt afgegeven (omstandigheden verwacht binnen 36 uur)',
    points: [
      'Sluit de stormluiken. Als u moet evacueren, vertrek dan op tijd en laat iemand weten waar u naartoe gaat.',
      'Ga naar een schuilplaats als uw huis zwak is, laag ligt of dicht bij zee of een ravijn staat.',
      'Draai het gas dicht en haal stekkers uit het stopcontact als dat gevraagd wordt; blijf tijdens de storm uit de buurt van ramen.',
      'De rust in het oog is niet het einde: de wind keert terug uit de andere richting.',
    ],
  },
  {
    id: 'after',
    title: 'Na de storm',
    points: [
      'Wacht tot het sein veilig wordt gegeven. Blijf weg bij gevallen leidingen, ondergelopen wegen en beschadigde gebouwen.',
      'Kook of zuiver water tot het waterbedrijf zegt dat het veilig is; gooi eten weg dat warm of nat is geworden.',
      'Laat aggregaten alleen buiten draaien, ver van ramen: hun uitlaatgassen zijn dodelijk.',
      'Fotografeer de schade voordat u opruimt en neem snel contact op met uw verzekeraar.',
      'Kijk hoe het gaat met oudere buren en mensen die alleen wonen.',
    ],
  },
];

export const GUIDES: Record<Language, readonly Guide[]> = { EN, ES, FR, NL };

/**
 * Where to get official information. The agencies' names are their own (English) names, marked
 * as English on the page; where they work is said in the reader's language.
 */
export type Agency = { name: string; area: Record<Language, string>; url: string };
export const AGENCIES: readonly Agency[] = [
  {
    name: 'CDEMA (Caribbean Disaster Emergency Management Agency)',
    area: { EN: 'Regional', ES: 'Regional', FR: 'Région', NL: 'Regionaal' },
    url: 'https://www.cdema.org',
  },
  {
    name: 'ODPEM (Office of Disaster Preparedness and Emergency Management)',
    area: { EN: 'Jamaica', ES: 'Jamaica', FR: 'Jamaïque', NL: 'Jamaica' },
    url: 'https://www.odpem.org.jm',
  },
  { name: 'Department of Emergency Management', area: { EN: 'Barbados', ES: 'Barbados', FR: 'Barbade', NL: 'Barbados' }, url: 'https://dem.gov.bb' },
  {
    name: 'ODPM (Office of Disaster Preparedness and Management)',
    area: { EN: 'Trinidad and Tobago', ES: 'Trinidad y Tobago', FR: 'Trinité-et-Tobago', NL: 'Trinidad en Tobago' },
    url: 'https://www.odpm.gov.tt',
  },
  {
    name: 'NEMA (National Emergency Management Agency)',
    area: { EN: 'The Bahamas', ES: 'Bahamas', FR: 'Bahamas', NL: 'Bahama’s' },
    url: 'https://nema.gov.bs',
  },
  {
    name: 'National Hurricane Center',
    area: { EN: 'Forecasts and advisories', ES: 'Pronósticos y boletines', FR: 'Prévisions et bulletins', NL: 'Verwachtingen en adviezen' },
    url: 'https://www.nhc.noaa.gov',
  },
];

const TEXT_HEADINGS: Record<Language, { title: string; sources: string }> = {
  EN: { title: 'C360 Storm Centre: Emergency Guide', sources: 'Where to get official information' },
  ES: { title: 'Centro de Tormentas C360: guía de emergencia', sources: 'Dónde obtener información oficial' },
  FR: { title: 'Centre des tempêtes C360 : guide d’urgence', sources: 'Où trouver l’information officielle' },
  NL: { title: 'C360 Stormcentrum: noodgids', sources: 'Waar u officiële informatie vindt' },
};

/** The guides as a plain-text file (the Overview's download), in the reader's language. */
export function guideAsText(language: Language = 'EN'): string {
  const headings = TEXT_HEADINGS[language];
  const lines = [headings.title, ''];
  for (const g of GUIDES[language]) lines.push(g.title.toUpperCase(), ...g.points.map((p) => `- ${p}`), '');
  lines.push(headings.sources.toUpperCase(), ...AGENCIES.map((a) => `- ${a.area[language]}: ${a.name}, ${a.url}`));
  return lines.join('\n');
}
