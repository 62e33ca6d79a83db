package report

import (
	"context"
	"fmt"

	"portal/internal/database"
)

// Movement is what a real-money movement of a round did, as the figures
// count it.
type Movement int

// The movements of a round. Trial (play-money) rounds are never recorded.
const (
	// Stake is a bet debited from the member: one more bet, bets grow.
	Stake Movement = iota + 1
	// Win is a payout credited to the member: wins grow.
	Win
	// Refund gives a stake back (a vendor's rollback): one bet fewer, bets
	// shrink, in the hour of the refund (cash basis).
	Refund
)

// Play is one ledger transfer of a real-money round.
type Play struct {
	Merchant string
	MemberID int64
	Vendor   string
	Game     string
	GameType string
	Movement Movement
	// Amount is the transfer's amount, minor units, > 0.
	Amount int64
	// At is the transfer's time (wallet_transfers.created_at), Unix ms:
	// the rebuild buckets by it, so the hook must too.
	At int64
}

// deltas are the changes a play makes to each figure.
type deltas struct {
	placed, betCount, bets, wins, firstBetHour int64
}

func (p Play) deltas() (deltas, error) {
	if p.Amount <= 0 {
		return deltas{}, fmt.Errorf("report: a movement of %d", p.Amount)
	}
	switch p.Movement {
	case Stake:
		return deltas{placed: 1, betCount: 1, bets: p.Amount, firstBetHour: hourOf(p.At)}, nil
	case Win:
		return deltas{wins: p.Amount}, nil
	case Refund:
		return deltas{betCount: -1, bets: -p.Amount}, nil
	}
	return deltas{}, fmt.Errorf("report: unknown movement %d", p.Movement)
}

// The four upserts of a play. The member's row answers how many stakes it
// has counted that day: the first makes the member active in this hour.
const (
	upsertMember = `INSERT INTO report_members (merchant_code, day, member_id, first_bet_hour, bets_placed, bet_count, bets, wins)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
	ON CONFLICT (merchant_code, day, member_id) DO UPDATE SET
		first_bet_hour = CASE WHEN report_members.first_bet_hour = 0 THEN excluded.first_bet_hour ELSE report_members.first_bet_hour END,
		bets_placed = report_members.bets_placed + excluded.bets_placed, bet_count = report_members.bet_count + excluded.bet_count,
		bets = report_members.bets + excluded.bets, wins = report_members.wins + excluded.wins
	RETURNING bets_placed`
	hourUpdate = ` ON CONFLICT (merchant_code, hour, shard) DO UPDATE SET
		active_players = report_hours.active_players + excluded.active_players, bet_count = report_hours.bet_count + excluded.bet_count,
		bets = report_hours.bets + excluded.bets, wins = report_hours.wins + excluded.wins`
	upsertHour = `INSERT INTO report_hours (merchant_code, hour, shard, active_players, bet_count, bets, wins)
	VALUES ($1, $2, $3, $4, $5, $6, $7)` + hourUpdate
	upsertVendor = `INSERT INTO report_vendors (merchant_code, day, vendor_code, game_type, shard, bet_count, bets, wins)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8)` + vendorUpdate
	vendorUpdate = `
	ON CONFLICT (merchant_code, day, vendor_code, game_type, shard) DO UPDATE SET
		bet_count = report_vendors.bet_count + excluded.bet_count, bets = report_vendors.bets + excluded.bets, wins = report_vendors.wins + excluded.wins`
	upsertGame = `INSERT INTO report_games (merchant_code, day, vendor_code, game_code, game_type, shard, bet_count, bets, wins)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
	ON CONFLICT (merchant_code, day, vendor_code, game_code, game_type, shard) DO UPDATE SET
		bet_count = report_games.bet_count + excluded.bet_count, bets = report_games.bets + excluded.bets, wins = report_games.wins + excluded.wins`
)

// upsertPlayPostgres is the four upserts in one statement: on PostgreSQL
// every statement is a round trip, and the bet path counts them.
const upsertPlayPostgres = `WITH m AS (` + upsertMember + `), h AS (
	INSERT INTO report_hours (merchant_code, hour, shard, active_players, bet_count, bets, wins)
	SELECT $1, CAST($9 AS BIGINT), CAST($10 AS BIGINT), CASE WHEN CAST($5 AS BIGINT) = 1 AND m.bets_placed = 1 THEN 1 ELSE 0 END,
		CAST($6 AS BIGINT), CAST($7 AS BIGINT), CAST($8 AS BIGINT) FROM m` + hourUpdate + `), v AS (
	INSERT INTO report_vendors (merchant_code, day, vendor_code, game_type, shard, bet_count, bets, wins)
	VALUES ($1, $2, $11, $13, $10, $6, $7, $8)` + vendorUpdate + `)
	INSERT INTO report_games (merchant_code, day, vendor_code, game_code, game_type, shard, bet_count, bets, wins)
	VALUES ($1, $2, $11, $12, $13, $10, $6, $7, $8)
	ON CONFLICT (merchant_code, day, vendor_code, game_code, game_type, shard) DO UPDATE SET
		bet_count = report_games.bet_count + excluded.bet_count, bets = report_games.bets + excluded.bets, wins = report_games.wins + excluded.wins`

// Record adds a real-money movement to the figures, inside the caller's
// transaction q (the one that moved the money), so figures and ledger
// commit or fail together. dialect picks one statement on PostgreSQL,
// four on SQLite (in process, where statements cost little).
func Record(ctx context.Context, q database.Querier, dialect database.Dialect, p Play) error {
	d, err := p.deltas()
	if err != nil {
		return err
	}
	offset := Offset(p.Merchant)
	day, hour, shard := dayOf(p.At, offset), hourOf(p.At), shardOf(p.MemberID)
	if dialect == database.Postgres {
		if _, err := q.ExecContext(ctx, upsertPlayPostgres, p.Merchant, day, p.MemberID, d.firstBetHour, d.placed, d.betCount, d.bets, d.wins,
			hour, shard, p.Vendor, p.Game, p.GameType); err != nil {
			return fmt.Errorf("report: record play: %w", err)
		}
		return nil
	}
	var placed int64
	if err := q.QueryRowContext(ctx, upsertMember, p.Merchant, day, p.MemberID, d.firstBetHour, d.placed, d.betCount, d.bets, d.wins).Scan(&placed); err != nil {
		return fmt.Errorf("report: record play by member: %w", err)
	}
	active := int64(0)
	if d.placed == 1 && placed == 1 {
		active = 1
	}
	if _, err := q.ExecContext(ctx, upsertHour, p.Merchant, hour, shard, active, d.betCount, d.bets, d.wins); err != nil {
		return fmt.Errorf("report: record play by hour: %w", err)
	}
	if _, err := q.ExecContext(ctx, upsertVendor, p.Merchant, day, p.Vendor, p.GameType, shard, d.betCount, d.bets, d.wins); err != nil {
		return fmt.Errorf("report: record play by vendor: %w", err)
	}
	if _, err := q.ExecContext(ctx, upsertGame, p.Merchant, day, p.Vendor, p.Game, p.GameType, shard, d.betCount, d.bets, d.wins); err != nil {
		return fmt.Errorf("report: record play by game: %w", err)
	}
	return nil
}

// RecordRegistration counts a new (non-trial) member, inside the
// transaction that created it; at is its created_at, Unix ms.
func RecordRegistration(ctx context.Context, q database.Querier, merchantCode string, memberID, at int64) error {
	return countHour(ctx, q, "registrations", merchantCode, memberID, at)
}

// RecordFirstDeposit counts a member's first deposit, inside the
// transaction that credited it; at is the deposit's time, Unix ms. The
// cashier (issue 14) calls it once per member; until then the figure is 0.
// The rebuild keeps these counts as they are until the cashier gives it
// the deposits to count them from.
func RecordFirstDeposit(ctx context.Context, q database.Querier, merchantCode string, memberID, at int64) error {
	return countHour(ctx, q, "first_deposits", merchantCode, memberID, at)
}

// countHour adds one to a counter of an hour; column is one of two fixed
// names, never input.
func countHour(ctx context.Context, q database.Querier, column, merchantCode string, memberID, at int64) error {
	if column != "registrations" && column != "first_deposits" {
		return fmt.Errorf("report: no counter %q", column)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO report_hours (merchant_code, hour, shard, `+column+`) VALUES ($1, $2, $3, 1)
		ON CONFLICT (merchant_code, hour, shard) DO UPDATE SET `+column+` = report_hours.`+column+` + 1`,
		merchantCode, hourOf(at), shardOf(memberID)); err != nil {
		return fmt.Errorf("report: count %s: %w", column, err)
	}
	return nil
}
