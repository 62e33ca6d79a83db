package merchant

import (
	"context"
	"fmt"
	"strings"
	"time"

	"portal/internal/database"
)

// Seed writes the demo merchants and their content. It is idempotent and
// only ever adds what is missing: an existing merchant keeps its
// configuration and keys, and an existing domain or content item (by slug)
// keeps what operators made of it. A run that adds nothing changes nothing,
// not even the cache version.
func Seed(ctx context.Context, db *database.DB) error {
	for _, r := range []record{demoMerchant(), luckyMerchant()} {
		exists, err := merchantExists(ctx, db.Read(), r.Code)
		if err != nil {
			return err
		}
		if !exists {
			// Generated outside the transaction: it takes a while, and on
			// SQLite the transaction holds the only writer.
			if r.PrivateKey, err = newPrivateKey(); err != nil {
				return err
			}
		}
		err = db.InTx(ctx, func(q database.Querier) error {
			changed := false
			if !exists {
				created, err := insertRecord(ctx, q, r)
				if err != nil {
					return err
				}
				changed = created
			}
			for _, d := range seedDomains[r.Code] {
				added, err := putDomain(ctx, q, r.Code, d[0], d[1])
				if err != nil {
					return err
				}
				changed = changed || added
			}
			for _, it := range seedContent(r.Code) {
				added, err := writeItem(ctx, q, r.Code, it, false)
				if err != nil {
					return err
				}
				changed = changed || added
			}
			if !changed {
				return nil
			}
			return database.Bump(ctx, q, Topic)
		})
		if err != nil {
			return fmt.Errorf("merchant: seed %s: %w", r.Code, err)
		}
	}
	return nil
}

var seedDomains = map[string][][2]string{
	"demo":  {{"localhost", "main"}, {"demo.portal.test", "mirror"}, {"demo2.portal.test", "mirror"}, {"demo3.portal.test", "mirror"}},
	"lucky": {{"lucky.portal.test", "main"}, {"lucky-backup.portal.test", "mirror"}},
}

// launchHosts are the https origins of a merchant's seeded domains, the
// hosts its game launches are spread over (spec §3 launchGameCDNs).
func launchHosts(code string) []string {
	var out []string
	for _, d := range seedDomains[code] {
		if strings.Contains(d[0], ".") {
			out = append(out, "https://"+d[0])
		}
	}
	return out
}

func allLanguageCodes() []string {
	out := make([]string, len(Languages))
	for i, l := range Languages {
		out[i] = l.Code
	}
	return out
}

var maintenanceText = map[string]TitleInfo{
	"EN": {"System maintenance", "We are upgrading the site to serve you better. Please come back shortly, or contact customer service."},
	"KM": {"ការថែទាំប្រព័ន្ធ", "យើងកំពុងធ្វើបច្ចុប្បន្នភាពគេហទំព័រ ដើម្បីបម្រើអ្នកឱ្យកាន់តែប្រសើរ។ សូមត្រឡប់មកវិញក្នុងពេលឆាប់ៗ ឬទាក់ទងផ្នែកបម្រើអតិថិជន។"},
	"CN": {"系统维护中", "我们正在升级网站，以便为您提供更好的服务。请稍后再来，或联系客服。"},
	"TH": {"ปิดปรับปรุงระบบ", "เรากำลังปรับปรุงเว็บไซต์เพื่อให้บริการคุณได้ดียิ่งขึ้น กรุณากลับมาใหม่ในภายหลัง หรือติดต่อฝ่ายบริการลูกค้า"},
	"VI": {"Bảo trì hệ thống", "Chúng tôi đang nâng cấp trang web để phục vụ bạn tốt hơn. Vui lòng quay lại sau hoặc liên hệ chăm sóc khách hàng."},
}

// regionText is the blocked-region page's text of a merchant without its
// own (spec §2: the client IP, a block message and customer service).
var regionText = map[string]TitleInfo{
	"EN": {"Not available in your region", "Sorry, this site cannot be used from your location. If you think this is a mistake, contact customer service."},
	"KM": {"មិនអាចប្រើបាននៅក្នុងតំបន់របស់អ្នក", "សូមអភ័យទោស គេហទំព័រនេះមិនអាចប្រើបានពីទីតាំងរបស់អ្នកទេ។ ប្រសិនបើអ្នកគិតថានេះជាកំហុស សូមទាក់ទងផ្នែកបម្រើអតិថិជន។"},
	"CN": {"您所在的地区无法使用", "抱歉，本网站无法在您所在的位置使用。如您认为有误，请联系客服。"},
	"TH": {"ไม่สามารถใช้งานได้ในภูมิภาคของคุณ", "ขออภัย ไม่สามารถใช้งานเว็บไซต์นี้จากตำแหน่งของคุณได้ หากคุณคิดว่าเป็นข้อผิดพลาด กรุณาติดต่อฝ่ายบริการลูกค้า"},
	"VI": {"Không khả dụng tại khu vực của bạn", "Rất tiếc, không thể sử dụng trang web này từ vị trí của bạn. Nếu bạn cho rằng đây là nhầm lẫn, vui lòng liên hệ chăm sóc khách hàng."},
}

func demoMerchant() record {
	return record{
		Code: "demo", Name: "Demo Portal", Currency: "USD",
		Config: Config{
			CurrencySymbol: "$", Decimals: 2, DefaultLanguage: "KM", Languages: allLanguageCodes(),
			MaintenanceText: maintenanceText, RegionText: regionText,
			BlockedCIDRs: []string{}, BlockedCountries: []string{},
			Modules:       DefaultModules(),
			RegisterRules: DefaultRegisterRules(),
			Resources: map[string]Resource{
				"TELEGRAM":  {"TELEGRAM", "Telegram", "https://t.me/demo_portal"},
				"TELEGRAM1": {"TELEGRAM1", "Telegram channel", "https://t.me/demo_portal_news"},
				"FACEBOOK":  {"FACEBOOK", "Facebook", "https://www.facebook.com/demo.portal"},
			},
			CustomerService: []CustomerService{
				{"LIVECHAT", "Live chat", "https://chat.portal.test/demo"},
				{"TELEGRAM", "Telegram", "https://t.me/demo_portal_support"},
				{"EMAIL", "E-mail", "mailto:support@portal.test"},
			},
			CustomerServiceKey: newSymmetricKey(),
			ImageCDNs:          []string{""},
			// Game pages are framed from the merchant's own https domains
			// (the site's lib/cdn keeps plain-http pages on their origin).
			LaunchGameCDNs:     launchHosts("demo"),
			GtagID:             "",
			Brand:              DefaultBrand(),
			MinimumAge:         18,
			PasswordExpiryDays: 90,
			SMSCodeMinutes:     5,
			Encryption:         true,
		},
	}
}

// luckyMerchant differs from demo in every dimension a white-label can:
// currency, languages, switches and rules.
func luckyMerchant() record {
	mods := DefaultModules()
	for _, id := range []string{ModMobileReg, ModMobilePassReg, ModRegMobileVerify, ModSMSLogin, ModFreePlay, ModPhonePassRecovery, ModPasswordExpiry, ModNewIPVerify, ModPointMall, ModHourSalary, ModRealtimeSalary} {
		setModule(mods, id, false)
	}
	rules := DefaultRegisterRules()
	email := rules["email"]
	email.Required = true
	rules["email"] = email
	rules["mobileNum"] = rule(true, false, PatternDigits, 9, 10, "tel")
	rules["paymentPassword"] = rule(true, true, PatternDigits, 6, 6, "password")
	return record{
		Code: "lucky", Name: "Lucky Star", Currency: "THB",
		Config: Config{
			CurrencySymbol: "฿", Decimals: 2, DefaultLanguage: "EN", Languages: []string{"EN", "TH", "VI", "CN"},
			MaintenanceText: maintenanceText, RegionText: regionText,
			BlockedCIDRs: []string{}, BlockedCountries: []string{"US"},
			Modules:       mods,
			RegisterRules: rules,
			Resources: map[string]Resource{
				"TELEGRAM": {"TELEGRAM", "Telegram", "https://t.me/luckystar"},
				"FACEBOOK": {"FACEBOOK", "Facebook", "https://www.facebook.com/luckystar"},
			},
			CustomerService: []CustomerService{
				{"LIVECHAT", "Live chat", "https://chat.portal.test/lucky"},
			},
			CustomerServiceKey: newSymmetricKey(),
			ImageCDNs:          []string{""},
			LaunchGameCDNs:     launchHosts("lucky"),
			Brand:              DefaultBrand(),
			MinimumAge:         20,
			PasswordExpiryDays: 0,
			SMSCodeMinutes:     3,
			Encryption:         false,
		},
	}
}

func tx(en, km, cn string) map[string]Text {
	return txc([3][2]string{{en, ""}, {km, ""}, {cn, ""}})
}

// txc builds texts from EN, KM and CN pairs of title and content; the other
// languages come from seedTranslations.
func txc(pairs [3][2]string) map[string]Text {
	return map[string]Text{
		"EN": {pairs[0][0], pairs[0][1]},
		"KM": {pairs[1][0], pairs[1][1]},
		"CN": {pairs[2][0], pairs[2][1]},
	}
}

func seedContent(code string) []Item {
	day := 24 * time.Hour
	base := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	var items []Item
	banner := func(slug, group, linkType, link string, sort int, t map[string]Text) {
		items = append(items, Item{Kind: KindBanner, Slug: slug, Type: group, LinkageType: linkType, Linkage: link, Sort: sort, Texts: t, CreatedAt: base})
	}
	banner("home-welcome", "web-home", "ROUTE", "/promotions", 1, tx("Welcome bonus 100% up to $200", "ប្រាក់រង្វាន់ស្វាគមន៍ 100% រហូតដល់ $200", "首存红利 100% 最高 $200"))
	banner("home-slots", "web-home", "ROUTE", "/rng", 2, tx("10,000 slots, one lobby", "ស្លុត 10,000 ក្នុងបន្ទប់តែមួយ", "一万款老虎机，一站畅玩"))
	banner("home-live", "web-home", "ROUTE", "/live", 3, tx("Live casino, real dealers", "កាស៊ីណូផ្ទាល់ ជាមួយអ្នកចែកបៀពិត", "真人娱乐场，真实荷官"))
	banner("home-sports", "web-home", "ROUTE", "/sports", 4, tx("Every match, every market", "គ្រប់ការប្រកួត គ្រប់ទីផ្សារ", "每场赛事，全盘口"))
	banner("home-app", "web-home", "NONE", "", 5, tx("Play anywhere with our app", "លេងគ្រប់ទីកន្លែងជាមួយកម្មវិធីរបស់យើង", "下载APP，随时随地畅玩"))
	banner("login", "w_login", "NONE", "", 1, tx("Welcome back", "សូមស្វាគមន៍ការត្រឡប់មកវិញ", "欢迎回来"))
	banner("register", "w_register", "NONE", "", 1, tx("Join in a minute", "ចុះឈ្មោះក្នុងមួយនាទី", "一分钟快速注册"))
	banner("forget", "w_forget", "NONE", "", 1, tx("Recover your account", "ស្ដារគណនីរបស់អ្នក", "找回您的账户"))
	banner("lottery", "w_lott", "ROUTE", "/lott", 1, tx("Daily lottery draws", "ការចាប់ឆ្នោតប្រចាំថ្ងៃ", "每日彩票开奖"))
	banner("leftmenu", "w_leftmenu", "ROUTE", "/promotions", 1, tx("VIP rewards", "រង្វាន់ VIP", "VIP 专属奖励"))

	notice := func(slug, typ, exec string, at time.Time, t map[string]Text) {
		items = append(items, Item{Kind: KindNotice, Slug: slug, Type: typ, Execution: exec, Texts: t, CreatedAt: at})
	}
	notice("maintenance-window", "PL", "B", base.Add(2*day), txc([3][2]string{
		{"Scheduled maintenance", "<p>Sports betting will pause on <b>Tuesday 03:00–04:00 UTC</b> for scheduled maintenance.</p>"},
		{"ការថែទាំតាមកាលវិភាគ", "<p>ការភ្នាល់កីឡានឹងផ្អាកនៅថ្ងៃ <b>អង្គារ ម៉ោង 03:00–04:00 UTC</b> សម្រាប់ការថែទាំតាមកាលវិភាគ។</p>"},
		{"定期维护通知", "<p>体育投注将于<b>周二 03:00–04:00 UTC</b>暂停进行定期维护。</p>"}}))
	notice("new-games", "PL", "B", base.Add(3*day), txc([3][2]string{
		{"New games every week", "<p>Fresh slots from PG and JDB arrive every Friday.</p>"},
		{"ហ្គេមថ្មីរៀងរាល់សប្តាហ៍", "<p>ស្លុតថ្មីៗពី PG និង JDB មកដល់រៀងរាល់ថ្ងៃសុក្រ។</p>"},
		{"每周上新游戏", "<p>PG 与 JDB 的新款老虎机每周五上线。</p>"}}))
	notice("responsible", "B", "B", base.Add(1*day), txc([3][2]string{
		{"Play responsibly", "<p>This site is for adults aged 18 or older. Set limits and take breaks.</p>"},
		{"លេងដោយទំនួលខុសត្រូវ", "<p>គេហទំព័រនេះសម្រាប់មនុស្សពេញវ័យអាយុ 18 ឆ្នាំឡើងទៅ។ កំណត់ដែនកំណត់ និងសម្រាកខ្លះ។</p>"},
		{"理性娱乐", "<p>本网站仅供年满18岁的成年人使用。请设定限额并适当休息。</p>"}}))
	notice("welcome-popup", "PU", "B", base.Add(4*day), txc([3][2]string{
		{"Welcome!", "<p>Register today and claim your <a href=\"/promotions\">welcome bonus</a>.</p>"},
		{"សូមស្វាគមន៍!", "<p>ចុះឈ្មោះថ្ងៃនេះ ហើយទទួលយក<a href=\"/promotions\">ប្រាក់រង្វាន់ស្វាគមន៍</a>របស់អ្នក។</p>"},
		{"欢迎！", "<p>立即注册，领取<a href=\"/promotions\">新人红利</a>。</p>"}}))
	notice("weekend-promo", "PR", "B", base.Add(5*day), txc([3][2]string{
		{"Weekend cashback 10%", "<p>Get 10% of your weekend slot losses back every Monday.</p>"},
		{"ប្រាក់ត្រឡប់វិញចុងសប្តាហ៍ 10%", "<p>ទទួលបាន 10% នៃការខាតបង់ស្លុតចុងសប្តាហ៍មកវិញរៀងរាល់ថ្ងៃច័ន្ទ។</p>"},
		{"周末返水 10%", "<p>每周一返还周末老虎机亏损的 10%。</p>"}}))
	notice("member-notice", "PL", "A", base.Add(6*day), txc([3][2]string{
		{"Secure your account", "<p>Turn on two-step verification in the security centre.</p>"},
		{"ការពារគណនីរបស់អ្នក", "<p>បើកការផ្ទៀងផ្ទាត់ពីរជំហាននៅក្នុងមជ្ឈមណ្ឌលសុវត្ថិភាព។</p>"},
		{"保护您的账户", "<p>请在安全中心开启两步验证。</p>"}}))

	announce := func(slug, typ, exec string, at time.Time, t map[string]Text) {
		items = append(items, Item{Kind: KindAnnouncement, Slug: slug, Type: typ, Execution: exec, Texts: t, CreatedAt: at})
	}
	announce("visitor-welcome", "PU", "B", base.Add(7*day), txc([3][2]string{
		{"Welcome to " + code, "<p>Browse thousands of games. <strong>Free demo play</strong> needs no account.</p>"},
		{"សូមស្វាគមន៍មកកាន់ " + code, "<p>រុករកហ្គេមរាប់ពាន់។ <strong>ការលេងសាកល្បងឥតគិតថ្លៃ</strong> មិនត្រូវការគណនីទេ។</p>"},
		{"欢迎来到 " + code, "<p>畅游数千款游戏。<strong>免费试玩</strong>无需注册。</p>"}}))
	announce("member-bonus", "PR", "A", base.Add(8*day), txc([3][2]string{
		{"Daily reload bonus", "<p>Deposit today and receive a 5% reload bonus.</p>"},
		{"ប្រាក់រង្វាន់បញ្ចូលប្រចាំថ្ងៃ", "<p>ដាក់ប្រាក់ថ្ងៃនេះ ហើយទទួលបានប្រាក់រង្វាន់បញ្ចូល 5%។</p>"},
		{"每日存款红利", "<p>今日存款即可获得 5% 存款红利。</p>"}}))
	announce("first-login", "PU", "F", base.Add(9*day), txc([3][2]string{
		{"Your first steps", "<p>Complete your profile and bind a phone number to unlock withdrawals.</p>"},
		{"ជំហានដំបូងរបស់អ្នក", "<p>បំពេញប្រវត្តិរូប និងភ្ជាប់លេខទូរស័ព្ទ ដើម្បីដកប្រាក់បាន។</p>"},
		{"新手指引", "<p>完善个人资料并绑定手机号即可提款。</p>"}}))
	announce("help-update", "H", "B", base.Add(10*day), txc([3][2]string{
		{"Help centre updated", "<p>New guides on deposits and withdrawals.</p>"},
		{"មជ្ឈមណ្ឌលជំនួយបានធ្វើបច្ចុប្បន្នភាព", "<p>ការណែនាំថ្មីអំពីការដាក់ប្រាក់ និងការដកប្រាក់។</p>"},
		{"帮助中心已更新", "<p>新增存款与提款指南。</p>"}}))
	announce("banner-news", "B", "B", base.Add(11*day), txc([3][2]string{
		{"Live casino tables open 24/7", "<p>Baccarat, roulette and sic bo around the clock.</p>"},
		{"តុកាស៊ីណូផ្ទាល់បើក 24/7", "<p>បាការ៉ា រ៉ូឡែត និងស៊ីបូ ពេញមួយថ្ងៃមួយយប់។</p>"},
		{"真人桌台 24/7 开放", "<p>百家乐、轮盘与骰宝全天候开放。</p>"}}))
	announce("player-tip", "PL", "B", base.Add(12*day), txc([3][2]string{
		{"Set your limits", "<p>Deposit limits can be set in the member centre at any time.</p>"},
		{"កំណត់ដែនកំណត់របស់អ្នក", "<p>អ្នកអាចកំណត់ដែនកំណត់ការដាក់ប្រាក់ក្នុងមជ្ឈមណ្ឌលសមាជិកបានគ្រប់ពេល។</p>"},
		{"设定您的限额", "<p>您可随时在会员中心设定存款限额。</p>"}}))

	// Banners, notices and announcements in every other language.
	for i := range items {
		for lang, texts := range seedTranslations {
			if t, ok := texts[items[i].Slug]; ok {
				if _, written := items[i].Texts[lang]; !written {
					items[i].Texts[lang] = Text{strings.ReplaceAll(t.Title, "{code}", code), t.Content}
				}
			}
		}
	}

	help := func(slug, category string, sort int, t map[string]Text) {
		items = append(items, Item{Kind: KindHelp, Slug: slug, Type: category, Sort: sort, Texts: t, CreatedAt: base})
	}
	help("term", "about", 1, txc([3][2]string{
		{"Terms and conditions", "<h3>Terms and conditions</h3><p>By registering you confirm that you are at least 18 years old and that online gaming is legal where you live. One account per person. Bonuses carry wagering requirements stated with each promotion.</p>"},
		{"លក្ខខណ្ឌ", "<h3>លក្ខខណ្ឌ</h3><p>ដោយការចុះឈ្មោះ អ្នកបញ្ជាក់ថាអ្នកមានអាយុយ៉ាងហោចណាស់ 18 ឆ្នាំ ហើយការលេងហ្គេមតាមអ៊ីនធឺណិតគឺស្របច្បាប់នៅកន្លែងដែលអ្នករស់នៅ។ គណនីមួយសម្រាប់មនុស្សម្នាក់។</p>"},
		{"条款与细则", "<h3>条款与细则</h3><p>注册即表示您确认已年满18岁，且在线游戏在您所在地合法。每人仅限一个账户。红利的流水要求以各活动说明为准。</p>"}}))
	help("privacy", "about", 2, txc([3][2]string{
		{"Privacy policy", "<p>We keep your personal data only as long as the law and your account require, and never sell it.</p>"},
		{"គោលការណ៍ឯកជនភាព", "<p>យើងរក្សាទុកទិន្នន័យផ្ទាល់ខ្លួនរបស់អ្នកតែក្នុងរយៈពេលដែលច្បាប់ និងគណនីរបស់អ្នកតម្រូវប៉ុណ្ណោះ ហើយមិនលក់វាឡើយ។</p>"},
		{"隐私政策", "<p>我们仅在法律与账户所需期间保存您的个人资料，绝不出售。</p>"}}))
	help("responsible", "about", 3, txc([3][2]string{
		{"Responsible gaming (18+)", "<p>Gaming is entertainment, not income. Only adults aged 18 or older may play. Use deposit limits and self-exclusion if you need a break.</p>"},
		{"ការលេងដោយទំនួលខុសត្រូវ (18+)", "<p>ការលេងហ្គេមគឺជាការកម្សាន្ត មិនមែនជាប្រាក់ចំណូលទេ។ មានតែមនុស្សពេញវ័យអាយុ 18 ឆ្នាំឡើងទៅប៉ុណ្ណោះដែលអាចលេងបាន។</p>"},
		{"理性博彩（18+）", "<p>游戏是娱乐而非收入来源。仅限年满18岁的成年人参与。如需休息，请使用存款限额与自我禁入。</p>"}}))
	help("faq-account", "faq", 1, txc([3][2]string{
		{"How do I register?", "<p>Tap <b>Register</b>, choose username or mobile number, and follow the steps.</p>"},
		{"តើខ្ញុំចុះឈ្មោះដោយរបៀបណា?", "<p>ចុច <b>ចុះឈ្មោះ</b> ជ្រើសរើសឈ្មោះអ្នកប្រើ ឬលេខទូរស័ព្ទ ហើយធ្វើតាមជំហាន។</p>"},
		{"如何注册？", "<p>点击<b>注册</b>，选择用户名或手机号，按步骤完成即可。</p>"}}))
	help("faq-password", "faq", 2, txc([3][2]string{
		{"I forgot my password", "<p>Use <b>Forgot password</b> on the login window to reset it by e-mail or SMS.</p>"},
		{"ខ្ញុំភ្លេចពាក្យសម្ងាត់", "<p>ប្រើ <b>ភ្លេចពាក្យសម្ងាត់</b> នៅលើផ្ទាំងចូល ដើម្បីកំណត់ឡើងវិញតាមអ៊ីមែល ឬ SMS។</p>"},
		{"忘记密码", "<p>在登录窗口点击<b>忘记密码</b>，通过邮箱或短信重置。</p>"}}))
	help("deposit", "banking", 1, txc([3][2]string{
		{"How to deposit", "<p>Open the member centre, choose <b>Deposit</b>, pick a channel and follow its instructions.</p>"},
		{"របៀបដាក់ប្រាក់", "<p>បើកមជ្ឈមណ្ឌលសមាជិក ជ្រើសរើស <b>ដាក់ប្រាក់</b> ជ្រើសរើសឆានែល ហើយធ្វើតាមការណែនាំ។</p>"},
		{"如何存款", "<p>打开会员中心，选择<b>存款</b>，选择渠道并按说明操作。</p>"}}))
	help("withdraw", "banking", 2, txc([3][2]string{
		{"How to withdraw", "<p>Bind a bank account, then request a withdrawal. Confirm receipt when the money arrives.</p>"},
		{"របៀបដកប្រាក់", "<p>ភ្ជាប់គណនីធនាគារ បន្ទាប់មកស្នើសុំដកប្រាក់។ បញ្ជាក់ការទទួលនៅពេលប្រាក់មកដល់។</p>"},
		{"如何提款", "<p>绑定银行账户后申请提款。到账后请确认收款。</p>"}}))
	return items
}

var helpCategoryTitles = map[string]map[string]string{
	"about":   {"EN": "About us", "KM": "អំពីយើង", "CN": "关于我们", "TH": "เกี่ยวกับเรา", "VI": "Về chúng tôi"},
	"faq":     {"EN": "Frequently asked questions", "KM": "សំណួរដែលសួរញឹកញាប់", "CN": "常见问题", "TH": "คำถามที่พบบ่อย", "VI": "Câu hỏi thường gặp"},
	"banking": {"EN": "Deposits and withdrawals", "KM": "ការដាក់ និងដកប្រាក់", "CN": "存款与提款", "TH": "ฝากและถอน", "VI": "Nạp và rút tiền"},
}

func helpCategoryTitle(code, lang string) string {
	t := helpCategoryTitles[code]
	if s, ok := t[lang]; ok {
		return s
	}
	if s, ok := t["EN"]; ok {
		return s
	}
	return code
}
