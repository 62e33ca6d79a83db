package loyalty

import (
	"context"
	"fmt"
	"time"

	"portal/internal/database"
)

// seedItems are the demo mall: a cash item and goods, in Khmer, English
// and Chinese.
var seedItems = []struct {
	kind                         string
	cash, points, req            int64
	stock                        int64
	limit                        int
	km, en, cn                   string
	kmDetail, enDetail, cnDetail string
}{
	{KindCash, 1000, 1000, 0, 10000, 0, "ប្រាក់សុទ្ធ 10.00", "Cash 10.00", "现金 10.00", "បញ្ចូល 10.00 ទៅសមតុល្យរបស់អ្នកនៅពេលអនុម័ត។", "10.00 credited to your balance once approved.", "审核通过后 10.00 存入您的余额。"},
	{KindCash, 5000, 5000, 100000, 5000, 5, "ប្រាក់សុទ្ធ 50.00", "Cash 50.00", "现金 50.00", "បញ្ចូល 50.00 ទៅសមតុល្យរបស់អ្នកនៅពេលអនុម័ត។", "50.00 credited to your balance once approved.", "审核通过后 50.00 存入您的余额。"},
	{KindGoods, 0, 2000, 0, 200, 2, "ពែងកាហ្វេ", "Coffee mug", "咖啡杯", "ពែងសេរ៉ាមិចមានស្លាកសញ្ញា។", "A branded ceramic mug.", "品牌陶瓷杯。"},
	{KindGoods, 0, 8000, 50000, 100, 1, "អាវយឺត", "T-shirt", "T恤", "អាវយឺតកប្បាសមានស្លាកសញ្ញា។", "A branded cotton T-shirt.", "品牌纯棉T恤。"},
	{KindGoods, 0, 30000, 500000, 20, 1, "កាស​ឥតខ្សែ", "Wireless earbuds", "无线耳机", "កាសប៊្លូធូសជាមួយប្រអប់សាក។", "Bluetooth earbuds with a charging case.", "带充电盒的蓝牙耳机。"},
	{KindGoods, 0, 150000, 2000000, 5, 1, "ស្មាតហ្វូន", "Smartphone", "智能手机", "ស្មាតហ្វូនជំនាន់ថ្មី ដឹកជញ្ជូនដល់អាសយដ្ឋានរបស់អ្នក។", "A current smartphone, delivered to your address.", "最新款智能手机，送货上门。"},
}

// seedLevels are the demo VIP ladder (amounts in minor units).
var seedLevels = []Level{
	{Level: 0, Name: "Bronze", WindowDays: 30},
	{Level: 1, Name: "Silver", MinDeposit: 10_000, MinValidBet: 50_000, WindowDays: 30, UpgradeReward: 500},
	{Level: 2, Name: "Gold", MinDeposit: 100_000, MinValidBet: 500_000, WindowDays: 30, UpgradeReward: 2_000},
	{Level: 3, Name: "Platinum", MinDeposit: 500_000, MinValidBet: 2_500_000, WindowDays: 30, UpgradeReward: 10_000},
	{Level: 4, Name: "Diamond", MinDeposit: 2_000_000, MinValidBet: 10_000_000, WindowDays: 30, UpgradeReward: 50_000},
	{Level: 5, Name: "Crown", MinDeposit: 10_000_000, MinValidBet: 50_000_000, WindowDays: 30, UpgradeReward: 200_000},
}

// Seed gives every merchant without loyalty rules the demo's: 1 point per
// 1.00 of valid bet, 100 points make 1.00, at least 100 a conversion; six
// items; VIP levels 0 to 5. Idempotent: a merchant with rules, items or
// levels keeps them.
func Seed(ctx context.Context, db *database.DB) error {
	rows, err := db.Read().QueryContext(ctx, `SELECT code FROM merchants ORDER BY code`)
	if err != nil {
		return fmt.Errorf("loyalty: seed: %w", err)
	}
	var codes []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return fmt.Errorf("loyalty: seed: %w", err)
		}
		codes = append(codes, c)
	}
	rows.Close()
	now := time.Now().UnixMilli()
	for _, code := range codes {
		err := db.InTx(ctx, func(q database.Querier) error {
			if _, err := q.ExecContext(ctx, `INSERT INTO loyalty_settings (merchant_code, enabled, earn_rate_bp, convert_rate, convert_min, updated_at)
				VALUES ($1, 1, 10000, 100, 100, $2) ON CONFLICT (merchant_code) DO NOTHING`, code, now); err != nil {
				return err
			}
			var n int
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM point_items WHERE merchant_code = $1`, code).Scan(&n); err != nil {
				return err
			}
			for i, it := range seedItems {
				if n > 0 {
					break
				}
				var id int64
				if err := q.QueryRowContext(ctx, `INSERT INTO point_items (merchant_code, kind, cash_amount, points, amount_requirement, stock, per_member_limit,
					status, sort, image_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8, '', $9, $9) RETURNING id`,
					code, it.kind, it.cash, it.points, it.req, it.stock, it.limit, i, now).Scan(&id); err != nil {
					return err
				}
				for lang, t := range map[string]Text{"KM": {it.km, it.kmDetail}, "EN": {it.en, it.enDetail}, "CN": {it.cn, it.cnDetail}} {
					if _, err := q.ExecContext(ctx, `INSERT INTO point_item_texts (item_id, language, name, description) VALUES ($1, $2, $3, $4)`,
						id, lang, t.Name, t.Description); err != nil {
						return err
					}
				}
			}
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM vip_levels WHERE merchant_code = $1`, code).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			for _, l := range seedLevels {
				if _, err := q.ExecContext(ctx, `INSERT INTO vip_levels (merchant_code, level, name, min_deposit, min_valid_bet, window_days, upgrade_reward)
					VALUES ($1, $2, $3, $4, $5, $6, $7)`, code, l.Level, l.Name, l.MinDeposit, l.MinValidBet, l.WindowDays, l.UpgradeReward); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("loyalty: seed %s: %w", code, err)
		}
	}
	return nil
}
