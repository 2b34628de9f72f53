import { describe, expect, it } from 'vitest';
import { findPlaces, storyCountry } from './gazetteer';

const one = (title: string, lead = '', outletRegion?: string) => storyCountry([{ title, lead, outletRegion }]);

describe('places of the world', () => {
  it('reads every country by its English, French, Spanish and Dutch names and its capital, and leaves out the names that are words', () => {
    const countries = (text: string) => [...new Set(findPlaces(text).map((p) => p.country))];
    expect(countries('Floods in Kenya')).toEqual(['Kenya']);
    expect(countries('Inondations au Kenya, à Nairobi')).toEqual(['Kenya']);
    expect(countries('Turkey and Türkiye')).toEqual(['Türkiye']);
    expect(countries('Las inundaciones en Marruecos')).toEqual(['Morocco']);
    // Island is Iceland's own name: "Lagos Island" is in Lagos, Nigeria's state, not in Iceland.
    expect(findPlaces('A fire at a Lagos Island market').map((p) => p.country)).toEqual(['Nigeria']);
    // Nigeria's states that are also acronyms or the orishas the region's festivals name are left out.
    expect(findPlaces('The IMO welcomed the Ogun and Osun celebrations').map((p) => p.country)).toEqual([]);
    expect(findPlaces('Chad Brown and Jordan Peters said')).toEqual([]);
    expect(findPlaces('Emirates cancels flights')).toEqual([]);
    expect(findPlaces('Wildfire in Alberta')).toEqual([{ name: 'Alberta', country: 'Canada', division: 'Alberta', level: 'division' }]);
  });

  it("reads the world's cities, each in its state where we list those, but not names that are words, people or parliaments", () => {
    expect(findPlaces('Flooding in Lucknow')).toEqual([
      { name: 'Lucknow', country: 'India', division: 'Uttar Pradesh', level: 'town', world: true, city: true },
    ]);
    expect(findPlaces('Shooting in Calgary').map((p) => [p.country, p.division])).toEqual([['Canada', 'Alberta']]);
    // Mobile, Reading and Split are English words; Charlotte and Nancy are people; the Lok Sabha is a house.
    expect(findPlaces('Mobile phone sales, Reading lists and a Split decision')).toEqual([]);
    expect(findPlaces('Charlotte Smith and Nancy Jones told the Lok Sabha')).toEqual([]);
    // The region's own towns stay the hand-written ones: Kingston is Jamaica's, Santiago the Dominican Republic's.
    expect(findPlaces('Fire in Kingston, Jamaica').map((p) => p.country)).toEqual(['Jamaica', 'Jamaica']);
  });
});

describe('the country a story is about', () => {
  it.each([
    [
      'Dominican Congress approves 2027 budget of RD$1.6 trillion',
      'The Dominican Chamber of Deputies approved the 2027 national budget.',
      'Haiti',
      'Dominican Republic',
    ],
    ['Inauguran la extensión de la Línea 2C del Metro hasta Los Alcarrizos', 'La capital dominicana inauguró un nuevo tramo.', undefined, 'Dominican Republic'],
    ['República Dominicana supera los 9 millones de visitantes', '', undefined, 'Dominican Republic'],
    [
      'Sunshine Girls beat England 58-52',
      "Jamaica's Sunshine Girls beat England in the first Test at the National Indoor Sports Centre.",
      'Jamaica',
      'Jamaica',
    ],
    [
      'Daren Sammy Stadium to host T20 triangular in March',
      'A series between the West Indies, Afghanistan and Ireland, the Saint Lucia Cricket Association said.',
      'Saint Lucia',
      'Saint Lucia',
    ],
    ['Dominican farmers count banana losses', 'Farmers near Roseau said the storm flattened their crops.', 'Dominica', 'Dominica'],
    ['Man shot dead outside his home', 'Police are investigating the killing.', 'Trinidad and Tobago', 'Trinidad and Tobago'],
    ['Leaders of Jamaica, Barbados, Guyana, Grenada and Belize sign declaration', '', 'Caribbean', 'Caribbean'],
    [
      'CARICOM leaders agree to cut food import bill by 25 per cent by 2030',
      'Heads of government meeting in Georgetown, Guyana, agreed on Friday.',
      'Caribbean',
      'Caribbean',
    ],
    ['West Indies call up uncapped Warner-Best for Sri Lanka Tests', 'The first Test is at Kensington Oval in Barbados.', 'Barbados', 'Caribbean'],
    ['Hurricane watch for Jamaica as Keron gains strength', 'A hurricane watch is in effect for Jamaica.', 'Jamaica', 'Jamaica'],
  ])('%s → %s', (title, lead, outlet, country) => {
    expect(one(title, lead, outlet)).toBe(country);
  });

  it("does not read common words of other languages as places (a sports centre is not Haiti's Centre department)", () => {
    expect(findPlaces('the National Indoor Sports Centre').map((p) => p.country)).toEqual([]);
  });
});
