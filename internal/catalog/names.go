package catalog

// Word lists for the seeded game names, each entry in EN, KM, CN, TH, VI
// (the order of nameLanguages). EN and CN put the adjective first; KM, TH
// and VI put it after the noun, as those languages do.
var adjectives = [][5]string{
	{"Golden", "មាស", "黄金", "ทองคำ", "Vàng"},
	{"Lucky", "សំណាង", "幸运", "นำโชค", "May Mắn"},
	{"Fortune", "ទ្រព្យ", "财富", "โชคลาภ", "Tài Lộc"},
	{"Mighty", "ខ្លាំងពូកែ", "威猛", "ทรงพลัง", "Hùng Mạnh"},
	{"Wild", "ព្រៃ", "狂野", "ป่าเถื่อน", "Hoang Dã"},
	{"Royal", "រាជ", "皇家", "ราชวงศ์", "Hoàng Gia"},
	{"Mystic", "អាថ៌កំបាំង", "神秘", "ลึกลับ", "Huyền Bí"},
	{"Blazing", "ឆេះសន្ធោសន្ធៅ", "烈焰", "ลุกโชน", "Rực Lửa"},
	{"Jade", "ត្បូងមរកត", "翡翠", "หยก", "Ngọc Bích"},
	{"Crystal", "គ្រីស្តាល់", "水晶", "คริสตัล", "Pha Lê"},
	{"Ancient", "បុរាណ", "远古", "โบราณ", "Cổ Đại"},
	{"Thunder", "រន្ទះ", "雷霆", "สายฟ้า", "Sấm Sét"},
	{"Silver", "ប្រាក់", "白银", "เงิน", "Bạc"},
	{"Sacred", "ពិសិដ្ឋ", "神圣", "ศักดิ์สิทธิ์", "Thiêng Liêng"},
	{"Midnight", "អធ្រាត្រ", "午夜", "เที่ยงคืน", "Nửa Đêm"},
	{"Imperial", "អធិរាជ", "帝国", "จักรพรรดิ", "Đế Vương"},
	{"Starlight", "ពន្លឺផ្កាយ", "星光", "แสงดาว", "Ánh Sao"},
	{"Ruby", "ត្បូងទទឹម", "红宝石", "ทับทิม", "Hồng Ngọc"},
	{"Emerald", "ត្បូងពេជ្រខៀវ", "祖母绿", "มรกต", "Lục Bảo"},
	{"Spirit", "វិញ្ញាណ", "灵魂", "วิญญาณ", "Linh Hồn"},
}

var nouns = [][5]string{
	{"Dragon", "នាគ", "神龙", "มังกร", "Rồng"},
	{"Tiger", "ខ្លា", "猛虎", "เสือ", "Hổ"},
	{"Phoenix", "ហង្ស", "凤凰", "หงส์", "Phượng Hoàng"},
	{"Temple", "ប្រាសាទ", "神殿", "วิหาร", "Đền Thờ"},
	{"Treasure", "កំណប់", "宝藏", "สมบัติ", "Kho Báu"},
	{"Panda", "ខ្លាឃ្មុំផេនដា", "熊猫", "แพนด้า", "Gấu Trúc"},
	{"Koi", "ត្រីគយ", "锦鲤", "ปลาคาร์ป", "Cá Chép"},
	{"Lotus", "ផ្កាឈូក", "莲花", "ดอกบัว", "Hoa Sen"},
	{"Empire", "ចក្រភព", "帝国", "อาณาจักร", "Đế Chế"},
	{"Gems", "ត្បូង", "宝石", "อัญมณี", "Đá Quý"},
	{"Fruits", "ផ្លែឈើ", "水果", "ผลไม้", "Trái Cây"},
	{"Buffalo", "ក្របី", "水牛", "ควาย", "Trâu Rừng"},
	{"Wolf", "ចចក", "狼王", "หมาป่า", "Sói"},
	{"Pharaoh", "ផារ៉ោន", "法老", "ฟาโรห์", "Pharaoh"},
	{"Samurai", "សាមូរ៉ៃ", "武士", "ซามูไร", "Samurai"},
	{"Ninja", "និនចា", "忍者", "นินจา", "Ninja"},
	{"Princess", "ព្រះនាង", "公主", "เจ้าหญิง", "Công Chúa"},
	{"Pirates", "ចោរសមុទ្រ", "海盗", "โจรสลัด", "Cướp Biển"},
	{"Diamonds", "ពេជ្រ", "钻石", "เพชร", "Kim Cương"},
	{"Sevens", "លេខប្រាំពីរ", "七七", "เลขเจ็ด", "Số Bảy"},
	{"Elephant", "ដំរី", "大象", "ช้าง", "Voi"},
	{"Monkey King", "ស្តេចស្វា", "美猴王", "ราชาวานร", "Tề Thiên"},
	{"Goddess", "ទេពធីតា", "女神", "เทพธิดา", "Nữ Thần"},
	{"Warrior", "អ្នកចម្បាំង", "战士", "นักรบ", "Chiến Binh"},
	{"Ocean", "មហាសមុទ្រ", "海洋", "มหาสมุทร", "Đại Dương"},
	{"Jungle", "ព្រៃស្រោង", "丛林", "ป่าดงดิบ", "Rừng Rậm"},
	{"Pyramid", "ពីរ៉ាមីត", "金字塔", "พีระมิด", "Kim Tự Tháp"},
	{"Candy", "ស្ករគ្រាប់", "糖果", "ลูกอม", "Kẹo Ngọt"},
	{"Rooster", "មាន់ជល់", "雄鸡", "ไก่ชน", "Gà Trống"},
	{"Crown", "មកុដ", "王冠", "มงกุฎ", "Vương Miện"},
	{"Moon", "ព្រះចន្ទ", "明月", "พระจันทร์", "Mặt Trăng"},
	{"Sun", "ព្រះអាទិត្យ", "太阳", "พระอาทิตย์", "Mặt Trời"},
	{"Horse", "សេះ", "骏马", "ม้า", "Ngựa"},
	{"Carnival", "ពិធីបុណ្យ", "嘉年华", "คาร์นิวัล", "Lễ Hội"},
	{"Genie", "មេមត់", "神灯精灵", "ยักษ์จีนี่", "Thần Đèn"},
	{"Volcano", "ភ្នំភ្លើង", "火山", "ภูเขาไฟ", "Núi Lửa"},
}

var suffixes = [][5]string{
	{"", "", "", "", ""},
	{"Deluxe", "ពិសេស", "豪华版", "ดีลักซ์", "Đặc Biệt"},
	{"Megaways", "មេហ្គាវេ", "万种路线", "เมกาเวย์", "Megaways"},
	{"Hold & Win", "កាន់ហើយឈ្នះ", "锁定赢", "โฮลด์แอนด์วิน", "Giữ Và Thắng"},
	{"Rising", "កំពុងរះ", "崛起", "รุ่งโรจน์", "Trỗi Dậy"},
	{"Legends", "រឿងព្រេង", "传奇", "ตำนาน", "Huyền Thoại"},
	{"Riches", "ភាពស្ដុកស្ដម្ភ", "财富", "ความมั่งคั่ง", "Giàu Sang"},
	{"Quest", "បេសកកម្ម", "探险", "การผจญภัย", "Hành Trình"},
	{"Bonanza", "លាភធំ", "大丰收", "โบนันซ่า", "Bội Thu"},
	{"Link", "តំណ", "连线", "ลิงก์", "Liên Kết"},
	{"Jackpot", "រង្វាន់ធំ", "大奖", "แจ็คพอต", "Nổ Hũ"},
	{"Frenzy", "ភាពរំភើប", "狂热", "คลั่ง", "Cuồng Nhiệt"},
	{"Reels", "រង្វិល", "转轴", "วงล้อ", "Cuộn Quay"},
	{"Night", "រាត្រី", "之夜", "ราตรี", "Đêm"},
}

// liveGames are live-casino table kinds.
var liveGames = [][5]string{
	{"Baccarat", "បាការ៉ា", "百家乐", "บาคาร่า", "Baccarat"},
	{"Roulette", "រ៉ូឡែត", "轮盘", "รูเล็ต", "Roulette"},
	{"Sic Bo", "ស៊ីបូ", "骰宝", "ไฮโล", "Tài Xỉu"},
	{"Dragon Tiger", "នាគខ្លា", "龙虎", "เสือมังกร", "Rồng Hổ"},
	{"Blackjack", "ប្លែកជែក", "二十一点", "แบล็คแจ็ค", "Xì Dách"},
	{"Fan Tan", "ហ្វាន់តាន់", "番摊", "ฟานทาน", "Fan Tan"},
	{"Teen Patti", "ធីនប៉ាទី", "三张牌", "ทีนปัตติ", "Teen Patti"},
	{"Andar Bahar", "អាន់ដាបាហា", "内外", "อันดาร์บาฮาร์", "Andar Bahar"},
}

// fishGames and pvpGames are name stems of fishing and card games.
var fishGames = [][5]string{
	{"Ocean King", "ស្ដេចសមុទ្រ", "海王", "ราชาแห่งท้องทะเล", "Vua Đại Dương"},
	{"Fishing God", "ព្រះនៃការនេសាទ", "捕鱼之神", "เทพแห่งการตกปลา", "Thần Câu Cá"},
	{"Mermaid Hunt", "បរបាញ់នាងមច្ឆា", "美人鱼狩猎", "ล่านางเงือก", "Săn Tiên Cá"},
	{"Deep Sea Fury", "កំហឹងសមុទ្រជ្រៅ", "深海狂怒", "ความโกรธแห่งทะเลลึก", "Cơn Thịnh Nộ Biển Sâu"},
	{"Shark Bounty", "រង្វាន់ត្រីឆ្លាម", "鲨鱼赏金", "ค่าหัวฉลาม", "Tiền Thưởng Cá Mập"},
}

var pvpGames = [][5]string{
	{"Texas Hold'em", "ថិចសាស់ហូលអឹម", "德州扑克", "เท็กซัสโฮลเด็ม", "Texas Hold'em"},
	{"Niu Niu", "នីវនីវ", "牛牛", "หนิวหนิว", "Ngầu Hầm"},
	{"Rummy", "រ៉ាមមី", "拉米", "รัมมี่", "Rummy"},
	{"Pai Gow", "ប៉ៃកូវ", "牌九", "ไผ่โกว", "Bài Cửu"},
	{"Landlord", "ម្ចាស់ដី", "斗地主", "เจ้าที่ดิน", "Đấu Địa Chủ"},
	{"Tien Len", "ធៀនឡេន", "越南扑克", "เตียนเลน", "Tiến Lên"},
	{"Mahjong", "ម៉ាជុង", "麻将", "ไพ่นกกระจอก", "Mạt Chược"},
	{"Three Cards", "បៀបី", "三公", "สามใบ", "Ba Cây"},
}

// tableWord and numbering words name tables and editions.
var tableWord = [5]string{"Table", "តុ", "桌", "โต๊ะ", "Bàn"}
