package catalog

// typeLabels are the category labels of spec §2 (LOTT and ELOTT share one).
var typeLabels = map[string][5]string{
	TypeHome:      {"Home", "ទំព័រដើម", "首页", "หน้าแรก", "Trang chủ"},
	TypePromo:     {"Events", "ព្រឹត្តិការណ៍", "活动", "กิจกรรม", "Sự kiện"},
	TypeLottery:   {"Lottery", "ឆ្នោត", "彩票", "หวย", "Xổ số"},
	TypeELottery:  {"Lottery", "ឆ្នោត", "彩票", "หวย", "Xổ số"},
	TypeLive:      {"Live", "ផ្ទាល់", "真人", "คาสิโนสด", "Trực tiếp"},
	TypeSports:    {"Sports", "កីឡា", "体育", "กีฬา", "Thể thao"},
	TypeFish:      {"Fish", "បាញ់ត្រី", "捕鱼", "ยิงปลา", "Bắn cá"},
	TypeSlots:     {"Slots", "ស្លុត", "电子", "สล็อต", "Nổ hũ"},
	TypePVP:       {"Cards", "បៀ", "棋牌", "ไพ่", "Game bài"},
	TypeEsports:   {"E-sports", "កីឡាអេឡិចត្រូនិក", "电竞", "อีสปอร์ต", "Thể thao điện tử"},
	TypeCockfight: {"Cockfight", "ជល់មាន់", "斗鸡", "ไก่ชน", "Đá gà"},
	TypeInhouse:   {"Originals", "ហ្គេមផ្ទាល់ខ្លួន", "原创", "เกมออริจินัล", "Trò chơi riêng"},
	TypeHot:       {"Hot", "ពេញនិយម", "热门", "ยอดนิยม", "Phổ biến"},
}

var classifyLabels = map[string][5]string{
	"VIDEO":        {"Video slots", "ស្លុតវីដេអូ", "视频老虎机", "วิดีโอสล็อต", "Slot video"},
	"MEGAWAYS":     {"Megaways", "មេហ្គាវេ", "万种路线", "เมกาเวย์", "Megaways"},
	"JACKPOT":      {"Jackpots", "រង្វាន់ធំ", "奖池", "แจ็คพอต", "Nổ hũ lớn"},
	"CLASSIC":      {"Classic", "បុរាណ", "经典", "คลาสสิก", "Cổ điển"},
	"ARCADE":       {"Arcade", "អាខេដ", "街机", "อาร์เคด", "Arcade"},
	"FISH":         {"Fishing", "បាញ់ត្រី", "捕鱼", "ยิงปลา", "Bắn cá"},
	"CARD":         {"Card games", "ល្បែងបៀ", "牌类", "เกมไพ่", "Game bài"},
	"BACCARAT":     {"Baccarat", "បាការ៉ា", "百家乐", "บาคาร่า", "Baccarat"},
	"ROULETTE":     {"Roulette", "រ៉ូឡែត", "轮盘", "รูเล็ต", "Roulette"},
	"SIC_BO":       {"Sic Bo", "ស៊ីបូ", "骰宝", "ไฮโล", "Tài Xỉu"},
	"DRAGON_TIGER": {"Dragon Tiger", "នាគខ្លា", "龙虎", "เสือมังกร", "Rồng Hổ"},
	"BLACKJACK":    {"Blackjack", "ប្លែកជែក", "二十一点", "แบล็คแจ็ค", "Xì Dách"},
	"FAN_TAN":      {"Fan Tan", "ហ្វាន់តាន់", "番摊", "ฟานทาน", "Fan Tan"},
	"TEEN_PATTI":   {"Teen Patti", "ធីនប៉ាទី", "三张牌", "ทีนปัตติ", "Teen Patti"},
	"ANDAR_BAHAR":  {"Andar Bahar", "អាន់ដាបាហា", "内外", "อันดาร์บาฮาร์", "Andar Bahar"},
}

func label(table map[string][5]string, code, lang string) string {
	t, ok := table[code]
	if !ok {
		return code
	}
	for i, l := range nameLanguages {
		if l == lang && t[i] != "" {
			return t[i]
		}
	}
	return t[0]
}

// TypeLabel is the localized label of a category.
func TypeLabel(gameType, lang string) string { return label(typeLabels, gameType, lang) }

func classifyLabel(code, lang string) string { return label(classifyLabels, code, lang) }
