// Shapes of the API answers the site reads (see /openapi.json).

export type Language = { code: string; name: string; rtl: boolean };

export type CustomerService = { csType: string; name: string; path: string };

export type Resource = { resourceType: string; labelNameEn: string; url: string };

export type FieldRule = {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
  type: string;
};

export type Permission = {
  hasFreePlay: boolean;
  usernameReg: boolean;
  mobileReg: boolean;
  mobileRegPass: boolean;
  smsEnabled: boolean;
  showVerCodeLogin: boolean;
  phoneRecovery: boolean;
  vip: boolean;
  referral: boolean;
  pointMall: boolean;
  dividend: boolean;
  dailySalary: boolean;
  hourSalary: boolean;
  realtimeSalary: boolean;
  // agentPolicy is the merchant's AGENTPOLICY3 switch: off, the agent
  // contracts (salaries, dividends) and their consolidated call are closed.
  agentPolicy: boolean;
  merchant: {
    code: string;
    name: string;
    currency: string;
    currencySymbol: string;
    decimals: number;
    defaultLanguage: string;
    languages: Language[];
  };
  customerService: CustomerService[];
  customerServiceKey: string;
  resources: Record<string, Resource>;
  registerRules: Record<string, FieldRule>;
  analytics: { gtagId: string };
  imageCDNs: string[];
  launchGameCDNs: string[];
  systemStatus: number;
  location: { ip: string; country: string };
  encryption: { enabled: boolean; publicKey: string };
  minimumAge: number;
  expiredMinutes: number;
  domainRoute: { mainDomain: string; domainList: string[] };
};

export type StatusPage = { status: number; ip: string; country: string; title: string; info: string };

export type MenuVendor = { vassalage: string; displayName: string; logoUrl: string; isGame: string; maintenance: boolean };
export type MenuEntry = { gameType: string; name: string; vendors: MenuVendor[] };

export type VendorCard = MenuVendor & { accountTypeName: string; gameType: string };
export type Classify = { code: string; name: string; vendors: string[] };
export type Lane = { gameType: string; title: string; cards: VendorCard[]; gameClassify: Classify[] };
export type VendorData = { data: { lanes: Lane[] }; prizeMode: string };

export type Game = {
  gameCode: string;
  vassalage: string;
  gameType: string;
  isGame: string;
  nodeId: string;
  gameName: string;
  displayName: string;
  iconUrl: string;
  lagerIcon: string;
  isHot: number;
  supportPlay: number;
  gameClassify: string;
  isNew: number;
  maintenance: boolean;
};

export type GamePage = { games: Game[]; total: number; totalPages: number; pageNo: number; pageSize: number };

export type Winner = {
  vo: { iconUrl: string; customerName: string; gameName: string; gameCode: string; vassalage: string; winAmount: number; currency: string; winTime: string };
};

export type Notice = { id: number; type: string; title: string; content: string; execution: string; createTime: string };
export type NoticeGroups = { banners: Notice[]; player: Notice[]; popup: Notice[]; promotion: Notice[] };

export type Banner = { id: number; groupName: string; title: string; url: string; linkageType: string; linkage: string; sort: number };

export type HelpArticle = { id: number; code: string; title: string; content: string };
export type HelpSection = { code: string; title: string; articles: HelpArticle[] };

export type Member = {
  id: number;
  account: string;
  nickname: string;
  type: number;
  isAgent: boolean;
  isTrial: boolean;
  // hasVip is the merchant's VIP switch: off, the answer carries
  // no rank or label and nothing shows VIP.
  hasVip: boolean;
  vipRankLevel?: number;
  vipLabelName?: string;
  passwordChangeRequired: boolean;
  // Promotions the member can join or claim now, and the features offered
  // (G-002, G-023: REFERRAL enabled shows refer-and-earn).
  availablePromoCount?: number;
  availablePromo?: { type: string; enabled: boolean }[];
};
