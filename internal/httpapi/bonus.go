package httpapi

import (
	"errors"
	"net/http"

	"portal/internal/bonus"
	"portal/internal/operator"
)

// Bonus money (decision 0037): the member's bonus balance and running
// grant, its grants, giving one up, and how much each game type counts
// towards wagering; the back office's grants and contribution table.
// Amounts are minor units of the merchant's currency.

func (s *Server) bonusReady() error {
	if s.Bonus == nil {
		return newError(http.StatusNotFound, "resource.not_found", nil)
	}
	return nil
}

// bonusState is GET /wps/bonus.
type bonusState struct {
	BonusBalance int64            `json:"bonusBalance"`
	Active       *bonus.GrantView `json:"active"`
	Currency     string           `json:"currency"`
	Decimals     int              `json:"decimals"`
}

func (s *Server) bonusMine(r *http.Request) (any, error) {
	if err := s.bonusReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	b, err := s.Bonus.Balance(ctx, mer.Code, m.ID, mer.Currency)
	if err != nil {
		return nil, err
	}
	a, err := s.Bonus.Active(ctx, mer.Code, m.ID)
	if err != nil {
		return nil, err
	}
	return bonusState{BonusBalance: b, Active: a, Currency: mer.Currency, Decimals: mer.Decimals}, nil
}

func (s *Server) bonusGrants(r *http.Request) (any, error) {
	if err := s.bonusReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Bonus.Grants(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, num, size)
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []bonus.GrantView{}
	}
	return newPage(list, num, size, total), nil
}

// bonusForfeitRequest is POST /wps/bonus/forfeit's body: nothing.
type bonusForfeitRequest struct{}

type bonusForfeited struct {
	Forfeited int64 `json:"forfeited"`
}

// bonusForfeit gives up the running bonus. Without one (a second click)
// it answers 0: nothing was, or is, forfeited.
func (s *Server) bonusForfeit(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.bonusReady(); err != nil {
		return nil, err
	}
	var req bonusForfeitRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	n, err := s.Bonus.Forfeit(ctx, mer.Code, m.ID, mer.Currency)
	if errors.Is(err, bonus.ErrNoActiveGrant) {
		return bonusForfeited{}, nil
	}
	if err != nil {
		return nil, err
	}
	return bonusForfeited{Forfeited: n}, nil
}

func (s *Server) bonusContributions(r *http.Request) (any, error) {
	if err := s.bonusReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Bonus.Contributions(ctx, merchantOf(ctx).Code)
}

var bonusPageParams = []Param{
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
}

var adminBonusGrantParams = append([]Param{
	{Name: "member", Type: TypeInteger, Min: 1, Max: 1 << 53, Description: "one member's grants"},
	{Name: "state", Type: TypeString, Enum: []string{bonus.StateActive, bonus.StateConverted, bonus.StateForfeited, bonus.StateExpired}, MaxLen: 10},
}, bonusPageParams...)

type bonusGrantPage struct {
	Page[bonus.GrantView]
	moneyUnit
}

func (s *Server) adminBonusGrants(r *http.Request) (any, error) {
	if err := s.bonusReady(); err != nil {
		return nil, err
	}
	mer, err := s.playersMerchant(r)
	if err != nil {
		return nil, err
	}
	if mer == nil {
		return nil, operator.ErrMerchantUnknown
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Bonus.AdminGrants(ctx, mer.Code, bonus.Filter{MemberID: int64(p.Int("member")), State: p.String("state")}, num, size)
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []bonus.GrantView{}
	}
	return bonusGrantPage{Page: newPage(list, num, size, total), moneyUnit: moneyOf(mer)}, nil
}

func (s *Server) adminBonusContributions(r *http.Request) (any, error) {
	if err := s.bonusReady(); err != nil {
		return nil, err
	}
	mer, err := s.playersMerchant(r)
	if err != nil {
		return nil, err
	}
	if mer == nil {
		return nil, operator.ErrMerchantUnknown
	}
	return s.Bonus.Contributions(r.Context(), mer.Code)
}

func (s *Server) adminSetBonusContributions(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.bonusReady(); err != nil {
		return nil, err
	}
	mer, err := s.playersMerchant(r)
	if err != nil {
		return nil, err
	}
	if mer == nil {
		return nil, operator.ErrMerchantUnknown
	}
	var req []bonus.Contribution
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	before, err := s.Bonus.Contributions(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if err := s.Bonus.SetContributions(ctx, mer.Code, req); err != nil {
		return nil, err
	}
	after, err := s.Bonus.Contributions(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	a := adminOf(ctx)
	a.target = "bonus-contributions:" + mer.Code
	a.note(a.target, before, after)
	return after, nil
}

// The bonus domain's refusals and their words.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{bonus.ErrActiveGrant, http.StatusConflict, "bonus.active_grant"},
		{bonus.ErrInvalidPercent, http.StatusUnprocessableEntity, "bonus.contribution_invalid"},
		{bonus.ErrNotEligible, http.StatusForbidden, "member.in_need_true_account"},
		{bonus.ErrInvalidGrant, http.StatusUnprocessableEntity, "validation.field_invalid"},
	}...)
	for code, words := range map[string]map[string]string{
		"bonus.active_grant":         {"EN": "A bonus is already running; finish its wagering or give it up first", "KM": "មានប្រាក់រង្វាន់កំពុងដំណើរការរួចហើយ សូមបញ្ចប់ការភ្នាល់របស់វា ឬបោះបង់វាជាមុនសិន", "CN": "已有进行中的红利，请先完成其流水或放弃"},
		"bonus.contribution_invalid": {"EN": "Each contribution is a game type with a percent from 0 to 100", "KM": "ការរួមចំណែកនីមួយៗត្រូវមានប្រភេទហ្គេម និងភាគរយពី 0 ដល់ 100", "CN": "每项贡献须为游戏类型及 0 至 100 的百分比"},
	} {
		messages[code] = words
	}
}
