// The shapes of /admin/api/settings (internal/merchant/settings.go).

/** ModuleNode is a node of the module tree: a switch with children. */
export type ModuleNode = { modId: string; name?: string; enabled: boolean; childrenNodes: ModuleNode[] };

/** FieldRule is a register field's rule. */
export type FieldRule = {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
  type: string;
};

/** Pattern is one kind of value pattern of the catalogue. */
export type Pattern = { patternId: number; name: string; acceptedPattern: string };

/** Language is one language the portal can serve. */
export type Language = { code: string; name: string; rtl: boolean };

/** TitleInfo is a page's title and text in one language. */
export type TitleInfo = { title: string; info: string };

/** Channel is a customer-service channel. */
export type Channel = { csType: string; name: string; path: string };

/** Maintenance is the switch, the scheduled window and the texts. */
export type Maintenance = {
  on: boolean;
  window: { start: string; end: string } | null;
  texts: Record<string, TitleInfo>;
  active: boolean;
};

/** Settings is a merchant's settings with the catalogues they use. */
export type Settings = {
  code: string;
  name: string;
  currency: string;
  modules: ModuleNode[];
  registerRules: Record<string, FieldRule>;
  registerFields: string[];
  patterns: Pattern[];
  languages: { supported: string[]; default: string };
  allLanguages: Language[];
  currencyDisplay: { symbol: string; decimals: number };
  domains: { main: string; mirrors: string[] };
  region: { blockedCidrs: string[]; blockedCountries: string[] };
  geoIp: boolean;
  maintenance: Maintenance;
  customerService: Channel[];
  customerServiceKinds: string[];
};

/** SettingsView is the screen's data: the settings and the IP allow-list. */
export type SettingsView = Settings & { ipAllow: string[] };
