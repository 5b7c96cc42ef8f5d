// The demo farm as plain objects, ready to be stored: ids are UUIDs the generator draws, and
// every cross-reference (a cutting's fields, a bale's baler) uses them.
import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { LatLon } from '@baletrack/contracts/geo/lat-lon';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';

export interface DemoOrganization {
  name: string;
  /** Where the farm yard is: a good first view for the map. */
  center: LatLon;
  timeZone: string;
}

export interface DemoCrop {
  id: string;
  name: string;
}

export interface DemoField {
  id: string;
  name: string;
  /** The size the grower knows the field by: its area rounded to a whole hectare. */
  sizeHectares: number;
  boundary: Boundary;
  /** The crop the field stands in (fields themselves carry no crop; cuttings do). */
  cropId: string;
}

export interface DemoCutting {
  id: string;
  name: string;
  /** Inclusive 'YYYY-MM-DD' Pacific dates: mowing to the day after the last bale. */
  startDate: string;
  endDate: string;
  fieldIds: string[];
  cropId: string;
  year: number;
}

export interface DemoBaler {
  id: string;
  name: string;
  vin: string;
  baleSize: BaleSize;
}

/** A month a credit was applied to one baler; past and current months are active. */
export interface DemoSubscriptionMonth {
  balerId: string;
  /** First day of the month, 'YYYY-MM-01'. */
  month: string;
  status: 'active';
}

export interface DemoGeofence {
  id: string;
  name: string;
  boundary: Boundary;
}

/** A bale as its baler sends it to the ingest API, with where and when it was made. */
export interface DemoBale {
  balerId: string;
  /** The field whose windrow the bale was made on. */
  fieldId: string;
  cuttingId: string;
  record: IngestBale;
}

export interface DemoFarm {
  organization: DemoOrganization;
  crops: DemoCrop[];
  fields: DemoField[];
  cuttings: DemoCutting[];
  balers: DemoBaler[];
  subscriptionMonths: DemoSubscriptionMonth[];
  geofences: DemoGeofence[];
  /** Per baler in the order they were made. */
  bales: DemoBale[];
  /** What the generator arranged, for banners and tests. */
  summary: {
    cropYears: number[];
    stacks: number;
    movedBales: number;
    /** The month left without a subscription, and how many bales it locks. */
    locked: { balerId: string; month: string; bales: number }[];
  };
}
