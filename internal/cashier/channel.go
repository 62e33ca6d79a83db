package cashier

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"portal/internal/database"
)

// Channel kinds.
const (
	KindBank    = "bank"
	KindEwallet = "ewallet"
	KindQR      = "qr"
	// KindP2P is matched player-to-player payment: the member pays another
	// member's withdrawal straight into their bank account (GatewayMatch).
	KindP2P = "p2p"
)

// Kinds are the channel kinds, in the order the settings list them.
var Kinds = []string{KindBank, KindEwallet, KindQR, KindP2P}

// Gateways.
const (
	// GatewayManual: the member transfers to the merchant's account and
	// submits the reference and a proof; finance approves.
	GatewayManual = "manual"
	// GatewaySim: the built-in payment-gateway simulator (internal/paysim).
	GatewaySim = "sim"
	// GatewayMatch: the order is matched with a withdrawal finance
	// approved for matching; the depositor pays the withdrawer's account,
	// and the withdrawer's receipt credits the depositor (decision 0030).
	GatewayMatch = "match"
)

// GatewayNames are the gateways a channel may use.
var GatewayNames = []string{GatewayManual, GatewaySim, GatewayMatch}

// Bank is the merchant's account a manual channel's members pay into.
type Bank struct {
	BankName      string `json:"bankName"`
	AccountName   string `json:"accountName"`
	AccountNumber string `json:"accountNumber"`
}

// Channel is a payment channel of a merchant. Amounts are minor units.
type Channel struct {
	ID           int64
	Merchant     string
	Code         string
	Name         string
	Kind         string
	Gateway      string
	Currency     string
	Min, Max     int64
	FeeBps       int
	FeeFixed     int64
	DailyCount   int
	DailyAmount  int64
	DisplayOrder int
	// VIPLevels offers the channel to these levels only; empty: everyone.
	VIPLevels []int
	Enabled   bool
	// Instructions are the member's texts by language code (EN, KM...).
	Instructions map[string]string
	// Bank is set for manual channels only.
	Bank *Bank
	// HasSecret tells that a webhook secret exists; the secret itself is
	// never answered.
	HasSecret bool
	secret    string
}

// Fee is what the member pays on amount: basis points plus the fixed part.
func (c *Channel) Fee(amount int64) int64 {
	return amount*int64(c.FeeBps)/10000 + c.FeeFixed
}

// InstructionsFor picks the text in lang, else English, else any (the
// first language in order, so the answer is stable).
func (c *Channel) InstructionsFor(lang string) string {
	if t, ok := c.Instructions[lang]; ok {
		return t
	}
	if t, ok := c.Instructions["EN"]; ok {
		return t
	}
	keys := make([]string, 0, len(c.Instructions))
	for k := range c.Instructions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) == 0 {
		return ""
	}
	return c.Instructions[keys[0]]
}

// offered reports whether a member of vipLevel may use the channel.
func (c *Channel) offered(vipLevel int) bool {
	return c.Enabled && (len(c.VIPLevels) == 0 || slices.Contains(c.VIPLevels, vipLevel))
}

var (
	codeRule = regexp.MustCompile(`^[a-z0-9_-]{2,32}$`)
	langRule = regexp.MustCompile(`^[A-Z]{2,5}$`)
)

// Limits of a channel's settings.
const (
	NameMaxLen         = 64
	InstructionsMaxLen = 2000
	BankFieldMaxLen    = 100
	MaxFeeBps          = 5000
	MaxVIPLevel        = 99
)

// check holds a channel to the rules; currency is the merchant's, the
// only one its members' wallets hold.
func (c *Channel) check(currency string) error {
	bad := func(field, reason string) error { return &ChannelError{Field: field, Reason: reason} }
	c.Name = strings.TrimSpace(c.Name)
	switch {
	case !codeRule.MatchString(c.Code):
		return bad("code", "2-32 of a-z 0-9 _ -")
	case c.Name == "" || utf8.RuneCountInString(c.Name) > NameMaxLen || !utf8.ValidString(c.Name):
		return bad("name", "1-64 characters")
	case !slices.Contains(Kinds, c.Kind):
		return bad("kind", "one of "+strings.Join(Kinds, ", "))
	case !slices.Contains(GatewayNames, c.Gateway):
		return bad("gateway", "one of "+strings.Join(GatewayNames, ", "))
	case (c.Kind == KindP2P) != (c.Gateway == GatewayMatch):
		return bad("gateway", "match carries p2p, and p2p only")
	case c.Currency != currency:
		return bad("currency", "the merchant's currency "+currency)
	case c.Min <= 0:
		return bad("min", "more than zero")
	case c.Max < c.Min:
		return bad("max", "at least min")
	case c.FeeBps < 0 || c.FeeBps > MaxFeeBps:
		return bad("feeBps", "0-5000")
	case c.FeeFixed < 0 || c.Fee(c.Min) >= c.Min:
		return bad("feeFixed", "zero or more, and less than what min's fee leaves")
	case c.DailyCount < 0:
		return bad("dailyCount", "zero (no limit) or more")
	case c.DailyAmount < 0:
		return bad("dailyAmount", "zero (no limit) or more")
	}
	for _, l := range c.VIPLevels {
		if l < 0 || l > MaxVIPLevel {
			return bad("vipLevels", "levels 0-99")
		}
	}
	slices.Sort(c.VIPLevels)
	c.VIPLevels = slices.Compact(c.VIPLevels)
	for lang, text := range c.Instructions {
		if !langRule.MatchString(lang) || !utf8.ValidString(text) || utf8.RuneCountInString(text) > InstructionsMaxLen {
			return bad("instructions", "language codes with texts of up to 2000 characters")
		}
	}
	if c.Gateway == GatewayManual {
		if c.Bank == nil {
			return bad("bank", "required for a manual channel")
		}
		for _, f := range []string{c.Bank.BankName, c.Bank.AccountName, c.Bank.AccountNumber} {
			if strings.TrimSpace(f) == "" || utf8.RuneCountInString(f) > BankFieldMaxLen {
				return bad("bank", "bank name, account name and number of 1-100 characters")
			}
		}
	} else {
		c.Bank = nil
	}
	return nil
}

const channelColumns = `id, merchant_code, code, name, kind, gateway, currency, min_amount, max_amount, fee_bps, fee_fixed,
	daily_count, daily_amount, display_order, vip_levels, enabled, instructions, bank, secret`

func scanChannel(row interface{ Scan(...any) error }) (Channel, error) {
	var c Channel
	var vip, instructions, bank string
	var enabled int
	if err := row.Scan(&c.ID, &c.Merchant, &c.Code, &c.Name, &c.Kind, &c.Gateway, &c.Currency, &c.Min, &c.Max, &c.FeeBps, &c.FeeFixed,
		&c.DailyCount, &c.DailyAmount, &c.DisplayOrder, &vip, &enabled, &instructions, &bank, &c.secret); err != nil {
		return c, err
	}
	c.Enabled = enabled == 1
	c.VIPLevels = []int{}
	for _, v := range strings.Split(vip, ",") {
		if n, err := strconv.Atoi(v); err == nil {
			c.VIPLevels = append(c.VIPLevels, n)
		}
	}
	c.Instructions = map[string]string{}
	_ = json.Unmarshal([]byte(instructions), &c.Instructions)
	if bank != "" {
		c.Bank = &Bank{}
		_ = json.Unmarshal([]byte(bank), c.Bank)
	}
	c.HasSecret = c.secret != ""
	return c, nil
}

func (s *Service) channels(ctx context.Context, q database.Querier, merchantCode string) ([]Channel, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+channelColumns+` FROM payment_channels WHERE merchant_code = $1 ORDER BY display_order, id`, merchantCode)
	if err != nil {
		return nil, fmt.Errorf("cashier: channels: %w", err)
	}
	defer rows.Close()
	out := []Channel{}
	for rows.Next() {
		c, err := scanChannel(rows)
		if err != nil {
			return nil, fmt.Errorf("cashier: channels: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// channel is channel id of merchantCode; another merchant's is ErrNotFound.
func (s *Service) channel(ctx context.Context, q database.Querier, merchantCode string, id int64) (Channel, error) {
	c, err := scanChannel(q.QueryRowContext(ctx, `SELECT `+channelColumns+` FROM payment_channels WHERE id = $1 AND merchant_code = $2`, id, merchantCode))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("cashier: channel: %w", err)
	}
	return c, nil
}

// MemberChannels are the channels a member of vipLevel may pay through,
// in display order.
func (s *Service) MemberChannels(ctx context.Context, merchantCode string, vipLevel int) ([]Channel, error) {
	all, err := s.channels(ctx, s.db.Read(), merchantCode)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(c Channel) bool { return !c.offered(vipLevel) }), nil
}

// Channels are every channel of a merchant, for its settings.
func (s *Service) Channels(ctx context.Context, merchantCode string) ([]Channel, error) {
	return s.channels(ctx, s.db.Read(), merchantCode)
}

// Channel is one of a merchant's channels.
func (s *Service) Channel(ctx context.Context, merchantCode string, id int64) (Channel, error) {
	return s.channel(ctx, s.db.Read(), merchantCode, id)
}

func encodeChannel(c *Channel) (vip, instructions, bank string) {
	parts := make([]string, len(c.VIPLevels))
	for i, l := range c.VIPLevels {
		parts[i] = strconv.Itoa(l)
	}
	if c.Instructions == nil {
		c.Instructions = map[string]string{}
	}
	raw, _ := json.Marshal(c.Instructions)
	if c.Bank != nil {
		b, _ := json.Marshal(c.Bank)
		bank = string(b)
	}
	return strings.Join(parts, ","), string(raw), bank
}

// newSecret is a webhook secret: 32 random bytes, hex.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// CreateChannel adds a channel to merchantCode (whose currency is
// currency). A sim channel gets a webhook secret made here.
func (s *Service) CreateChannel(ctx context.Context, merchantCode, currency string, c Channel) (Channel, error) {
	if err := c.check(currency); err != nil {
		return Channel{}, err
	}
	if c.Gateway == GatewaySim {
		c.secret = newSecret()
	}
	vip, instructions, bank := encodeChannel(&c)
	now := s.nowMs()
	var id int64
	err := s.db.Write().QueryRowContext(ctx, `INSERT INTO payment_channels (merchant_code, code, name, kind, gateway, currency, min_amount, max_amount,
		fee_bps, fee_fixed, daily_count, daily_amount, display_order, vip_levels, enabled, instructions, bank, secret, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19)
		ON CONFLICT (merchant_code, code) DO NOTHING RETURNING id`,
		merchantCode, c.Code, c.Name, c.Kind, c.Gateway, c.Currency, c.Min, c.Max, c.FeeBps, c.FeeFixed, c.DailyCount, c.DailyAmount,
		c.DisplayOrder, vip, boolInt(c.Enabled), instructions, bank, c.secret, now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Channel{}, ErrChannelExists
	}
	if err != nil {
		return Channel{}, fmt.Errorf("cashier: create channel: %w", err)
	}
	return s.Channel(ctx, merchantCode, id)
}

// UpdateChannel changes channel id of merchantCode; its code and gateway
// stay (orders and ledger accounts are named after the code), and so does
// its secret. It answers the channel before and after.
func (s *Service) UpdateChannel(ctx context.Context, merchantCode, currency string, id int64, c Channel) (before, after Channel, err error) {
	before, err = s.Channel(ctx, merchantCode, id)
	if err != nil {
		return before, after, err
	}
	if c.Code != "" && c.Code != before.Code {
		return before, after, &ChannelError{Field: "code", Reason: "cannot change"}
	}
	if c.Gateway != "" && c.Gateway != before.Gateway {
		return before, after, &ChannelError{Field: "gateway", Reason: "cannot change"}
	}
	c.Code, c.Gateway = before.Code, before.Gateway
	if err := c.check(currency); err != nil {
		return before, after, err
	}
	vip, instructions, bank := encodeChannel(&c)
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE payment_channels SET name = $1, kind = $2, currency = $3, min_amount = $4, max_amount = $5,
		fee_bps = $6, fee_fixed = $7, daily_count = $8, daily_amount = $9, display_order = $10, vip_levels = $11, enabled = $12,
		instructions = $13, bank = $14, updated_at = $15 WHERE id = $16 AND merchant_code = $17`,
		c.Name, c.Kind, c.Currency, c.Min, c.Max, c.FeeBps, c.FeeFixed, c.DailyCount, c.DailyAmount, c.DisplayOrder, vip, boolInt(c.Enabled),
		instructions, bank, s.nowMs(), id, merchantCode); err != nil {
		return before, after, fmt.Errorf("cashier: update channel: %w", err)
	}
	after, err = s.Channel(ctx, merchantCode, id)
	return before, after, err
}

// ChannelSecret is the webhook secret of merchantCode's channel code, for
// the simulator that stands for the PSP holding the same secret.
func (s *Service) ChannelSecret(ctx context.Context, merchantCode, code string) (string, error) {
	var secret string
	err := s.db.Read().QueryRowContext(ctx, `SELECT secret FROM payment_channels WHERE merchant_code = $1 AND code = $2`, merchantCode, code).Scan(&secret)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && secret == "") {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("cashier: channel secret: %w", err)
	}
	return secret, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
