/**
 * The names the region's institutions go by. A report may say "BOJ", "the Bank of Jamaica" or
 * "Jamaica's central bank": clustering reads each as one token (`@central-bank:jamaica`), so reports
 * in different words meet on the institution rather than on its spelling. Generic names ("the central
 * bank", "police", "the met service") resolve to the country the report is about. Written from the
 * institutions' own names; extend it as outlets from new places join, like the gazetteer.
 */

export type Institution = { key: string; names: readonly string[] };

/** Named institutions: full names, acronyms and the aliases outlets use, in any of the region's languages. */
export const INSTITUTIONS: readonly Institution[] = [
  // Central banks and monetary authorities.
  { key: 'central-bank:jamaica', names: ['Bank of Jamaica', 'BOJ', 'BoJ'] },
  { key: 'central-bank:trinidad and tobago', names: ['Central Bank of Trinidad and Tobago', 'CBTT'] },
  { key: 'central-bank:barbados', names: ['Central Bank of Barbados', 'CBB'] },
  { key: 'central-bank:eastern caribbean', names: ['Eastern Caribbean Central Bank', 'ECCB'] },
  { key: 'central-bank:bahamas', names: ['Central Bank of The Bahamas', 'Central Bank of the Bahamas'] },
  { key: 'central-bank:guyana', names: ['Bank of Guyana', 'BoG'] },
  { key: 'central-bank:belize', names: ['Central Bank of Belize'] },
  { key: 'central-bank:dominican republic', names: ['Banco Central de la República Dominicana', 'BCRD'] },
  { key: 'central-bank:curacao', names: ['Centrale Bank van Curaçao en Sint Maarten', 'Central Bank of Curaçao and Sint Maarten', 'CBCS'] },
  { key: 'central-bank:suriname', names: ['Centrale Bank van Suriname', 'CBvS'] },
  { key: 'central-bank:haiti', names: ["Banque de la République d'Haïti", 'BRH'] },
  // Statistics offices.
  { key: 'statistics:jamaica', names: ['Statistical Institute of Jamaica', 'STATIN'] },
  { key: 'statistics:trinidad and tobago', names: ['Central Statistical Office', 'CSO'] },
  { key: 'statistics:barbados', names: ['Barbados Statistical Service', 'BSS'] },
  // Police and security forces.
  { key: 'police:jamaica', names: ['Jamaica Constabulary Force', 'JCF'] },
  { key: 'police:trinidad and tobago', names: ['Trinidad and Tobago Police Service', 'TTPS'] },
  { key: 'police:barbados', names: ['Royal Barbados Police Force', 'RBPF'] },
  { key: 'police:bahamas', names: ['Royal Bahamas Police Force'] },
  { key: 'police:saint lucia', names: ['Royal Saint Lucia Police Force', 'Royal St Lucia Police Force', 'RSLPF'] },
  { key: 'police:guyana', names: ['Guyana Police Force', 'GPF'] },
  { key: 'police:haiti', names: ["Police nationale d'Haïti", "Police Nationale d'Haiti", 'Haitian National Police', 'PNH'] },
  { key: 'police:dominican republic', names: ['Policía Nacional', 'Policia Nacional'] },
  { key: 'defence:jamaica', names: ['Jamaica Defence Force', 'JDF'] },
  { key: 'defence:trinidad and tobago', names: ['Trinidad and Tobago Defence Force', 'TTDF'] },
  // Disaster and weather agencies.
  { key: 'disaster:jamaica', names: ['Office of Disaster Preparedness and Emergency Management', 'ODPEM'] },
  { key: 'disaster:trinidad and tobago', names: ['Office of Disaster Preparedness and Management', 'ODPM'] },
  { key: 'disaster:barbados', names: ['Department of Emergency Management', 'DEM'] },
  { key: 'disaster:saint lucia', names: ['National Emergency Management Organisation', 'NEMO'] },
  { key: 'disaster:regional', names: ['Caribbean Disaster Emergency Management Agency', 'CDEMA'] },
  { key: 'disaster:dominican republic', names: ['Centro de Operaciones de Emergencias', 'COE'] },
  {
    key: 'disaster:haiti',
    names: ['Direction Générale de la Protection Civile', 'Direction générale de la protection civile', 'DGPC', 'Protection civile', 'Pwoteksyon Sivil'],
  },
  { key: 'weather:us', names: ['National Hurricane Center', 'NHC', 'US National Hurricane Center'] },
  { key: 'weather:jamaica', names: ['Meteorological Service of Jamaica', 'Met Service', 'Met Office'] },
  { key: 'weather:trinidad and tobago', names: ['Trinidad and Tobago Meteorological Service', 'TTMS', 'Met Office'] },
  // Utilities.
  { key: 'power:jamaica', names: ['Jamaica Public Service', 'Jamaica Public Service Company', 'JPS', 'JPSCo'] },
  { key: 'power:trinidad and tobago', names: ['Trinidad and Tobago Electricity Commission', 'T&TEC', 'TTEC'] },
  { key: 'power:barbados', names: ['Barbados Light & Power', 'Barbados Light and Power', 'BL&P'] },
  { key: 'power:saint lucia', names: ['LUCELEC', 'St Lucia Electricity Services'] },
  { key: 'power:guyana', names: ['Guyana Power and Light', 'GPL'] },
  { key: 'power:bahamas', names: ['Bahamas Power and Light', 'BPL'] },
  { key: 'power:cuba', names: ['Unión Eléctrica', 'Union Electrica', 'UNE'] },
  { key: 'water:jamaica', names: ['National Water Commission', 'NWC'] },
  { key: 'water:trinidad and tobago', names: ['Water and Sewerage Authority', 'WASA'] },
  { key: 'water:barbados', names: ['Barbados Water Authority', 'BWA'] },
  { key: 'fuel:jamaica', names: ['Petrojam'] },
  // Public bodies and associations.
  { key: 'housing:jamaica', names: ['National Housing Trust', 'NHT'] },
  { key: 'private-sector:jamaica', names: ['Private Sector Organisation of Jamaica', 'PSOJ'] },
  { key: 'tax:jamaica', names: ['Tax Administration Jamaica', 'TAJ'] },
  { key: 'investment:jamaica', names: ['JAMPRO', 'Jamaica Promotions Corporation'] },
  { key: 'tourism:jamaica', names: ['Jamaica Tourist Board', 'JTB'] },
  { key: 'metro:dominican republic', names: ['Oficina para el Reordenamiento del Transporte', 'OPRET'] },
  // Regional and international bodies.
  { key: 'caricom', names: ['Caribbean Community', 'CARICOM', 'Caricom'] },
  { key: 'oecs', names: ['Organisation of Eastern Caribbean States', 'OECS'] },
  { key: 'cdb', names: ['Caribbean Development Bank', 'CDB'] },
  { key: 'idb', names: ['Inter-American Development Bank', 'IDB', 'BID', 'Banco Interamericano de Desarrollo'] },
  { key: 'imf', names: ['International Monetary Fund', 'IMF', 'FMI', 'Fondo Monetario Internacional', 'Fonds monétaire international'] },
  { key: 'world-bank', names: ['World Bank', 'Banco Mundial', 'Banque mondiale', 'Wereldbank'] },
  { key: 'un', names: ['United Nations', 'UN', 'ONU', 'Naciones Unidas', 'Nations unies', 'Verenigde Naties'] },
  { key: 'uwi', names: ['University of the West Indies', 'UWI'] },
  { key: 'cxc', names: ['Caribbean Examinations Council', 'CXC'] },
  { key: 'cwi', names: ['Cricket West Indies', 'CWI', 'West Indies Cricket Board', 'WICB'] },
  { key: 'ccj', names: ['Caribbean Court of Justice', 'CCJ'] },
  { key: 'privy-council', names: ['Privy Council', 'Judicial Committee of the Privy Council'] },
  // Institutions of the diaspora's and the world's news, in the languages outlets name them in.
  {
    key: 'central-bank:euro area',
    names: ['European Central Bank', 'ECB', 'BCE', 'EZB', 'Banque centrale européenne', 'Banco Central Europeo', 'Europese Centrale Bank'],
  },
  { key: 'central-bank:united states', names: ['Federal Reserve', 'US Federal Reserve', 'Réserve fédérale', 'Reserva Federal'] },
  { key: 'central-bank:united kingdom', names: ['Bank of England', 'BoE', 'Banque d’Angleterre', "Banque d'Angleterre", 'Banco de Inglaterra'] },
  { key: 'central-bank:canada', names: ['Bank of Canada', 'Banque du Canada', 'Banco de Canadá'] },
  { key: 'central-bank:mexico', names: ['Banco de México', 'Banxico', 'Bank of Mexico'] },
  { key: 'central-bank:brazil', names: ['Banco Central do Brasil', 'Brazilian central bank'] },
  { key: 'central-bank:india', names: ['Reserve Bank of India', 'RBI'] },
  { key: 'central-bank:australia', names: ['Reserve Bank of Australia', 'RBA'] },
  { key: 'central-bank:south africa', names: ['South African Reserve Bank', 'SARB'] },
  { key: 'central-bank:turkiye', names: ['Central Bank of the Republic of Turkey', 'Central Bank of the Republic of Türkiye', 'CBRT'] },
  {
    key: 'eu',
    names: [
      'European Union',
      'EU',
      'UE',
      'Union européenne',
      'Unión Europea',
      'Europese Unie',
      'European Commission',
      'Commission européenne',
      'Comisión Europea',
      'Europese Commissie',
    ],
  },
  { key: 'who', names: ['World Health Organization', 'WHO', 'OMS', 'Organisation mondiale de la santé', 'Organización Mundial de la Salud'] },
  { key: 'nato', names: ['NATO', 'OTAN'] },
  { key: 'opec', names: ['OPEC', 'OPEP'] },
  { key: 'fifa', names: ['FIFA'] },
  { key: 'uefa', names: ['UEFA'] },
  { key: 'icc', names: ['International Criminal Court', 'Cour pénale internationale', 'Corte Penal Internacional'] },
];

/**
 * Names for a kind of institution that mean the one of the report's own country ("the central bank",
 * "la banque centrale"). Only kinds a country has exactly one of.
 */
export const GENERIC_NAMES: Readonly<Record<string, readonly string[]>> = {
  'central-bank': ['central bank', 'banco central', 'banque centrale', 'centrale bank'],
  statistics: ['statistical institute', 'statistics office', 'statistical office', 'statistical service', 'statistics agency'],
};
