package cashier

import (
	"context"
	"fmt"
	"time"

	"portal/internal/database"
)

// Seed gives the demo merchant its two channels: a manual bank transfer
// and the simulator. A channel that exists is left as the merchant set
// it, so seeding on every start changes nothing.
func Seed(ctx context.Context, db *database.DB) error {
	var currency string
	if err := db.Read().QueryRowContext(ctx, `SELECT currency FROM merchants WHERE code = 'demo'`).Scan(&currency); err != nil {
		return fmt.Errorf("cashier: seed: %w", err)
	}
	channels := []Channel{
		{Code: "aba", Name: "ABA Bank", Kind: KindBank, Gateway: GatewayManual, Currency: currency, Min: 1000, Max: 500000, DisplayOrder: 1, Enabled: true,
			Instructions: map[string]string{
				"EN": "Transfer the amount to the account below from your own bank account, then enter the transfer reference and upload the receipt.",
				"KM": "សូមផ្ទេរប្រាក់ទៅគណនីខាងក្រោមពីគណនីធនាគាររបស់អ្នក បន្ទាប់មកបញ្ចូលលេខយោងនៃការផ្ទេរ ហើយផ្ទុកឡើងបង្កាន់ដៃ។",
				"CN": "请从您本人的银行账户向以下账户转账，然后填写转账参考号并上传凭证。",
			},
			Bank: &Bank{BankName: "ABA", AccountName: "Demo Co", AccountNumber: "000123456"}},
		{Code: "sim", Name: "PaySim e-wallet", Kind: KindEwallet, Gateway: GatewaySim, Currency: currency, Min: 100, Max: 1000000, FeeBps: 100,
			DisplayOrder: 2, Enabled: true,
			Instructions: map[string]string{
				"EN": "You will be taken to the payment page; the money arrives as soon as the payment is confirmed.",
				"KM": "អ្នកនឹងត្រូវបាននាំទៅកាន់ទំព័របង់ប្រាក់ ប្រាក់នឹងចូលភ្លាមៗនៅពេលការបង់ប្រាក់ត្រូវបានបញ្ជាក់។",
				"CN": "您将被带到支付页面；支付确认后资金立即到账。",
			}},
	}
	for _, c := range channels {
		if err := c.check(currency); err != nil {
			return fmt.Errorf("cashier: seed %s: %w", c.Code, err)
		}
		if c.Gateway == GatewaySim {
			c.secret = newSecret()
		}
		vip, instructions, bank := encodeChannel(&c)
		now := time.Now().UnixMilli()
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO payment_channels (merchant_code, code, name, kind, gateway, currency, min_amount, max_amount,
			fee_bps, fee_fixed, daily_count, daily_amount, display_order, vip_levels, enabled, instructions, bank, secret, created_at, updated_at)
			VALUES ('demo', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)
			ON CONFLICT (merchant_code, code) DO NOTHING`,
			c.Code, c.Name, c.Kind, c.Gateway, c.Currency, c.Min, c.Max, c.FeeBps, c.FeeFixed, c.DailyCount, c.DailyAmount,
			c.DisplayOrder, vip, boolInt(c.Enabled), instructions, bank, c.secret, now); err != nil {
			return fmt.Errorf("cashier: seed %s: %w", c.Code, err)
		}
	}
	return nil
}
