package promo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"portal/internal/cashier"
	"portal/internal/database"
)

// storedImage is where an application's image is kept.
type storedImage struct {
	Key  string `json:"key"`
	Type string `json:"type"`
}

// Image is an application's image as served.
type Image struct {
	ContentType string
	Data        []byte
}

// CheckApplication checks a comment and images against the limits
// (G-005..G-008) before anything is stored: the images by their content,
// with the cashier's proof rules, re-encoded so nothing hidden survives.
func CheckApplication(comment string, images [][]byte) ([]Image, error) {
	if utf8.RuneCountInString(comment) > MaxCommentRunes || !utf8.ValidString(comment) {
		return nil, ErrCommentTooLong
	}
	if len(images) > MaxImages {
		return nil, ErrTooManyImages
	}
	out := make([]Image, 0, len(images))
	for _, raw := range images {
		if len(raw) > MaxImageBytes {
			return nil, ErrImageTooLarge
		}
		data, ct, err := cashier.CleanProof(raw)
		if err != nil {
			return nil, ErrImageType
		}
		out = append(out, Image{ContentType: ct, Data: data})
	}
	return out, nil
}

// Apply files the member's application to an application promotion: a
// comment of up to 140 characters and up to 3 PNG or JPEG images of up
// to 5 MB each. One application at a time is under review.
func (s *Service) Apply(ctx context.Context, w Who, id int64, comment string, images [][]byte) (int64, error) {
	comment = strings.TrimSpace(comment)
	clean, err := CheckApplication(comment, images)
	if err != nil {
		return 0, err
	}
	p, err := s.visible(ctx, w.Merchant, id)
	if err != nil {
		return 0, err
	}
	if p.Kind != KindApplication {
		return 0, ErrNotQualified
	}
	st, err := s.State(ctx, w.Merchant, w.MemberID, p)
	if err != nil {
		return 0, err
	}
	switch st.State {
	case StateJoin, StateRejected:
	case StateApplying:
		return 0, ErrApplicationPending
	case StateClaimed, StateIssued:
		return 0, ErrAlreadyClaimed
	default:
		return 0, ErrClosed
	}
	stored := make([]storedImage, 0, len(clean))
	for _, img := range clean {
		if s.opt.Store == nil {
			return 0, fmt.Errorf("promo: no image store")
		}
		sum := sha256.Sum256(img.Data)
		ext := ".png"
		if img.ContentType == "image/jpeg" {
			ext = ".jpg"
		}
		key := "promotions/" + w.Merchant + "/" + strconv.FormatInt(p.ID, 10) + "-" + strconv.FormatInt(w.MemberID, 10) + "-" +
			hex.EncodeToString(sum[:8]) + ext
		if err := s.opt.Store.Put(ctx, key, img.Data); err != nil {
			return 0, err
		}
		stored = append(stored, storedImage{Key: key, Type: img.ContentType})
	}
	raw, _ := json.Marshal(stored)
	var appID int64
	err = s.db.Write().QueryRowContext(ctx, `INSERT INTO promotion_applications (promotion_id, merchant_code, member_id, comment, images, state, created_at)
		VALUES ($1, $2, $3, $4, $5, 'applying', $6) RETURNING id`, p.ID, w.Merchant, w.MemberID, comment, string(raw), s.nowMs()).Scan(&appID)
	if isUnique(err) {
		return 0, ErrApplicationPending
	}
	if err != nil {
		return 0, fmt.Errorf("promo: apply: %w", err)
	}
	return appID, nil
}

// Approve issues the reward of an application once: the decision, the
// claim and the payment commit together; a second approval finds it
// decided.
func (s *Service) Approve(ctx context.Context, merchantCode, currency string, appID, amount int64, by string) (Application, error) {
	ctx = context.WithoutCancel(ctx)
	if amount <= 0 {
		return Application{}, ErrAmountInvalid
	}
	var paidTo int64
	var kind string
	err := s.db.InTx(ctx, func(q database.Querier) error {
		now := s.nowMs()
		res, err := q.ExecContext(ctx, `UPDATE promotion_applications SET state = 'approved', amount = $1, decided_at = $2, decided_by = $3
			WHERE id = $4 AND merchant_code = $5 AND state = 'applying'`, amount, now, by, appID, merchantCode)
		if err != nil {
			return fmt.Errorf("promo: approve: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return s.decidedOrMissing(ctx, q, merchantCode, appID)
		}
		var promoID, member int64
		if err := q.QueryRowContext(ctx, `SELECT promotion_id, member_id FROM promotion_applications WHERE id = $1`, appID).Scan(&promoID, &member); err != nil {
			return fmt.Errorf("promo: approve: %w", err)
		}
		p, err := s.get(ctx, q, merchantCode, promoID)
		if err != nil {
			return err
		}
		var slot int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM promotion_claims WHERE promotion_id = $1 AND member_id = $2`, promoID, member).Scan(&slot); err != nil {
			return fmt.Errorf("promo: approve: %w", err)
		}
		var claimID int64
		err = q.QueryRowContext(ctx, `INSERT INTO promotion_claims (promotion_id, merchant_code, member_id, slot, qualifying_ref, state, reward_kind,
			amount, application_id, created_at, decided_at, decided_by) VALUES ($1, $2, $3, $4, $5, 'issued', $6, $7, $8, $9, $9, $10) RETURNING id`,
			promoID, merchantCode, member, slot, "app:"+strconv.FormatInt(appID, 10), p.Reward.Kind, amount, appID, now, by).Scan(&claimID)
		if isUnique(err) {
			return ErrApplicationDecided
		}
		if err != nil {
			return fmt.Errorf("promo: approve: %w", err)
		}
		paidTo, kind = member, p.Reward.Kind
		_, err = s.payIn(ctx, q, Who{Merchant: merchantCode, Currency: currency, MemberID: member}, p, claimID, amount, true)
		return err
	})
	if err != nil {
		return Application{}, err
	}
	if kind == RewardCash && s.opt.OnBalance != nil {
		who := Who{Merchant: merchantCode, Currency: currency, MemberID: paidTo}
		cash, _ := s.balances(ctx, who)
		s.opt.OnBalance(merchantCode, paidTo, cash, currency)
	}
	s.opt.Log.Info("promotion application approved", "merchant", merchantCode, "application", appID, "amount", amount)
	return s.Application(ctx, merchantCode, appID)
}

// Reject turns an application down with a reason the member is shown.
func (s *Service) Reject(ctx context.Context, merchantCode string, appID int64, reason, by string) (Application, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > 200 {
		return Application{}, ErrReasonRequired
	}
	res, err := s.db.Write().ExecContext(ctx, `UPDATE promotion_applications SET state = 'rejected', reason = $1, decided_at = $2, decided_by = $3
		WHERE id = $4 AND merchant_code = $5 AND state = 'applying'`, reason, s.nowMs(), by, appID, merchantCode)
	if err != nil {
		return Application{}, fmt.Errorf("promo: reject: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Application{}, s.decidedOrMissing(ctx, s.db.Read(), merchantCode, appID)
	}
	return s.Application(ctx, merchantCode, appID)
}

func (s *Service) decidedOrMissing(ctx context.Context, q database.Querier, merchantCode string, appID int64) error {
	var state string
	err := q.QueryRowContext(ctx, `SELECT state FROM promotion_applications WHERE id = $1 AND merchant_code = $2`, appID, merchantCode).Scan(&state)
	if noRows(err) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("promo: application: %w", err)
	}
	return ErrApplicationDecided
}

// ApplicationImage is image n (0-based) of an application of the merchant.
func (s *Service) ApplicationImage(ctx context.Context, merchantCode string, appID int64, n int) (Image, error) {
	var raw string
	err := s.db.Read().QueryRowContext(ctx, `SELECT images FROM promotion_applications WHERE id = $1 AND merchant_code = $2`, appID, merchantCode).Scan(&raw)
	if noRows(err) {
		return Image{}, ErrNotFound
	}
	if err != nil {
		return Image{}, fmt.Errorf("promo: image: %w", err)
	}
	imgs := parseImages(raw)
	if n < 0 || n >= len(imgs) || s.opt.Store == nil {
		return Image{}, ErrNotFound
	}
	data, err := s.opt.Store.Get(ctx, imgs[n].Key)
	if errors.Is(err, cashier.ErrNotFound) {
		return Image{}, ErrNotFound
	}
	if err != nil {
		return Image{}, err
	}
	return Image{ContentType: imgs[n].Type, Data: data}, nil
}

func parseImages(raw string) []storedImage {
	var imgs []storedImage
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &imgs)
	}
	return imgs
}
