package promo

import (
	"context"
	"fmt"
	"time"

	"portal/internal/database"
)

// seedPromo is one of the demo merchant's promotions.
type seedPromo struct {
	key string
	in  Input
}

func demoPromotions(now time.Time) []seedPromo {
	start := now.Add(-24 * time.Hour).Truncate(time.Hour)
	soon := now.Add(30 * 24 * time.Hour).Truncate(time.Hour)
	soonEnd := soon.Add(14 * 24 * time.Hour)
	return []seedPromo{
		{"first-deposit-100", Input{Kind: KindFirstDeposit, Status: StatusLive, StartsAt: start, MinDeposit: 1000,
			Reward: Reward{Kind: RewardBonus, PercentBp: 10000, Cap: 50000, Wagering: 10, ExpiryDays: 7},
			Texts: map[string]Text{
				"EN": {"100% first deposit bonus", "Double your first deposit, up to 500.00", "<p>Make your first deposit of 10.00 or more and claim a <b>100% bonus</b> up to 500.00.</p><p>Wager the bonus 10 times within 7 days to turn it into cash.</p>"},
				"KM": {"ប្រាក់រង្វាន់ដាក់ប្រាក់ដំបូង 100%", "បង្កើនប្រាក់ដាក់ដំបូងរបស់អ្នកទ្វេដង រហូតដល់ 500.00", "<p>ដាក់ប្រាក់ដំបូង 10.00 ឬច្រើនជាងនេះ ហើយទទួលបាន <b>ប្រាក់រង្វាន់ 100%</b> រហូតដល់ 500.00។</p><p>ភ្នាល់ប្រាក់រង្វាន់ 10 ដងក្នុងរយៈពេល 7 ថ្ងៃ ដើម្បីប្តូរវាទៅជាសាច់ប្រាក់។</p>"},
				"CN": {"首存100%红利", "首存翻倍，最高500.00", "<p>首次存款10.00或以上，即可领取<b>100%红利</b>，最高500.00。</p><p>在7天内完成红利10倍流水即可转为现金。</p>"},
			}}},
		{"deposit-10", Input{Kind: KindDeposit, Status: StatusLive, StartsAt: start, MinDeposit: 2000, PerMemberLimit: 3,
			Reward: Reward{Kind: RewardCash, PercentBp: 1000, Cap: 5000},
			Texts: map[string]Text{
				"EN": {"10% deposit cashback", "10% of each deposit as cash, up to 50.00, three times", "<p>Each deposit of 20.00 or more earns <b>10% in cash</b>, up to 50.00 per deposit. Claim it up to three times.</p>"},
				"KM": {"សាច់ប្រាក់ត្រឡប់ 10% លើការដាក់ប្រាក់", "10% នៃការដាក់ប្រាក់នីមួយៗជាសាច់ប្រាក់ រហូតដល់ 50.00 បីដង", "<p>ការដាក់ប្រាក់នីមួយៗចាប់ពី 20.00 ឡើងទៅ ទទួលបាន <b>សាច់ប្រាក់ 10%</b> រហូតដល់ 50.00 ក្នុងមួយការដាក់ប្រាក់។ ទាមទារបានរហូតដល់បីដង។</p>"},
				"CN": {"存款10%返现", "每笔存款返10%现金，最高50.00，可领3次", "<p>每笔20.00或以上的存款可获得<b>10%现金</b>，单笔最高50.00，最多可领取3次。</p>"},
			}}},
		{"weekly-turnover", Input{Kind: KindTurnover, Status: StatusLive, StartsAt: start, Target: 100000, PerMemberLimit: 52,
			Reward: Reward{Kind: RewardCash, Amount: 2000},
			Texts: map[string]Text{
				"EN": {"Weekly turnover reward", "Bet 1,000.00, get 20.00", "<p>Join, then bet 1,000.00 in valid bets to claim <b>20.00 in cash</b>. Counting starts again after each claim.</p>"},
				"KM": {"រង្វាន់ភ្នាល់ប្រចាំសប្តាហ៍", "ភ្នាល់ 1,000.00 ទទួលបាន 20.00", "<p>ចូលរួម បន្ទាប់មកភ្នាល់ត្រឹមត្រូវ 1,000.00 ដើម្បីទទួលបាន <b>សាច់ប្រាក់ 20.00</b>។ ការរាប់ចាប់ផ្តើមឡើងវិញបន្ទាប់ពីការទាមទារនីមួយៗ។</p>"},
				"CN": {"每周流水奖励", "投注1,000.00，奖励20.00", "<p>报名后完成1,000.00有效投注，即可领取<b>20.00现金</b>。每次领取后重新计算。</p>"},
			}}},
		{"loss-points", Input{Kind: KindLoss, Status: StatusLive, StartsAt: start, Target: 50000, GameTypes: []string{"RNG", "LIVE"},
			Reward: Reward{Kind: RewardPoints, Amount: 500},
			Texts: map[string]Text{
				"EN": {"Loss comfort points", "Lose 500.00 on slots or live casino, get 500 points", "<p>Join, and if your net loss on slots and live casino reaches 500.00 you can claim <b>500 points</b> for the points mall.</p>"},
				"KM": {"ពិន្ទុលួងលោមការខាត", "ខាត 500.00 លើស្លុត ឬកាស៊ីណូផ្ទាល់ ទទួលបាន 500 ពិន្ទុ", "<p>ចូលរួម ហើយប្រសិនបើការខាតសុទ្ធរបស់អ្នកលើស្លុត និងកាស៊ីណូផ្ទាល់ដល់ 500.00 អ្នកអាចទាមទារ <b>500 ពិន្ទុ</b> សម្រាប់ផ្សារពិន្ទុ។</p>"},
				"CN": {"亏损安慰积分", "老虎机或真人亏损500.00，送500积分", "<p>报名后，在老虎机和真人娱乐的净亏损达到500.00，即可领取<b>500积分</b>，用于积分商城。</p>"},
			}}},
		{"share-win", Input{Kind: KindApplication, Status: StatusLive, StartsAt: start,
			Reward: Reward{Kind: RewardCash},
			Texts: map[string]Text{
				"EN": {"Share your big win", "Send a screenshot of a big win, get a reward", "<p>Apply with a short comment and up to 3 screenshots of your win. Marketing reviews every application and sets the reward.</p>"},
				"KM": {"ចែករំលែកការឈ្នះធំរបស់អ្នក", "ផ្ញើរូបថតអេក្រង់នៃការឈ្នះធំ ទទួលបានរង្វាន់", "<p>ដាក់ពាក្យជាមួយមតិខ្លី និងរូបថតអេក្រង់រហូតដល់ 3 នៃការឈ្នះរបស់អ្នក។ ផ្នែកទីផ្សារពិនិត្យរាល់ពាក្យស្នើសុំ ហើយកំណត់រង្វាន់។</p>"},
				"CN": {"晒出你的大奖", "提交大奖截图，领取奖励", "<p>提交简短留言和最多3张中奖截图。市场部会审核每份申请并确定奖励金额。</p>"},
			}}},
		{"coming-soon", Input{Kind: KindFree, Status: StatusLive, StartsAt: soon, EndsAt: &soonEnd,
			Reward: Reward{Kind: RewardCash, Amount: 500},
			Texts: map[string]Text{
				"EN": {"Anniversary gift", "A free 5.00 for every member, coming soon", "<p>Celebrate with us: every member can claim a free <b>5.00</b> when the anniversary starts.</p>"},
				"KM": {"អំណោយខួប", "5.00 ឥតគិតថ្លៃសម្រាប់សមាជិកគ្រប់រូប ឆាប់ៗនេះ", "<p>អបអរជាមួយយើង៖ សមាជិកគ្រប់រូបអាចទាមទារ <b>5.00</b> ឥតគិតថ្លៃ នៅពេលខួបចាប់ផ្តើម។</p>"},
				"CN": {"周年礼物", "每位会员免费5.00，即将开始", "<p>与我们一起庆祝：周年活动开始后，每位会员均可免费领取<b>5.00</b>。</p>"},
			}}},
	}
}

// Seed writes the demo merchant's promotions once each (by seed key).
func Seed(ctx context.Context, db *database.DB) error {
	s := NewService(db, nil, Options{})
	for _, sp := range demoPromotions(time.Now()) {
		var n int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM promotions WHERE merchant_code = 'demo' AND seed_key = $1`, sp.key).Scan(&n); err != nil {
			return fmt.Errorf("promo: seed: %w", err)
		}
		if n > 0 {
			continue
		}
		if _, err := s.create(ctx, "demo", sp.key, sp.in); err != nil {
			return fmt.Errorf("promo: seed %s: %w", sp.key, err)
		}
	}
	return nil
}
