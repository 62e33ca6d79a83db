package database

import (
	"context"
	"database/sql/driver"
	"errors"
	"reflect"
	"sync/atomic"
)

// The SQLite driver parses and plans a statement every time it is run
// through database/sql without a prepared statement: under the wallet's
// load that parsing was a third of the writer's CPU. stmtConnector keeps,
// per connection, each statement prepared once and runs it again from
// there. It is invisible to callers: the same SQL through the same
// Querier. (PostgreSQL needs none of this: pgx caches prepared statements
// per connection itself.)

// maxCachedStmts bounds the statements kept per connection; past it a new
// statement is run the ordinary way.
const maxCachedStmts = 256

type stmtConnector struct {
	inner driver.Connector
	count *atomic.Int64 // statements run, for Statements
}

func (c stmtConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	q, okQ := conn.(driver.QueryerContext)
	e, okE := conn.(driver.ExecerContext)
	if !okQ || !okE {
		return conn, nil
	}
	return &stmtConn{Conn: conn, query: q, exec: e, stmts: map[string]*cachedStmt{}, count: c.count}, nil
}

func (c stmtConnector) Driver() driver.Driver { return c.inner.Driver() }

// stmtConn is a connection with its prepared statements. database/sql never
// uses a connection from two goroutines at once, so it needs no lock.
type stmtConn struct {
	driver.Conn
	query driver.QueryerContext
	exec  driver.ExecerContext
	stmts map[string]*cachedStmt
	count *atomic.Int64
}

type cachedStmt struct {
	stmt driver.Stmt
	// busy while rows read from it are open: the statement cannot run
	// again until they are closed, so meanwhile the same SQL runs uncached.
	busy bool
}

// cached returns the statement for query, preparing it on first use; nil
// means run the query the ordinary way.
func (c *stmtConn) cached(ctx context.Context, query string) *cachedStmt {
	if cs, ok := c.stmts[query]; ok {
		if cs.busy {
			return nil
		}
		return cs
	}
	if len(c.stmts) >= maxCachedStmts {
		return nil
	}
	p, ok := c.Conn.(driver.ConnPrepareContext)
	if !ok {
		return nil
	}
	s, err := p.PrepareContext(ctx, query)
	if err != nil {
		// Let the ordinary path report it.
		return nil
	}
	_, okQ := s.(driver.StmtQueryContext)
	_, okE := s.(driver.StmtExecContext)
	if !okQ || !okE {
		s.Close()
		return nil
	}
	cs := &cachedStmt{stmt: s}
	c.stmts[query] = cs
	return cs
}

// QueryContext implements driver.QueryerContext.
func (c *stmtConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.count.Add(1)
	cs := c.cached(ctx, query)
	if cs == nil {
		return c.query.QueryContext(ctx, query, args)
	}
	rows, err := cs.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	cs.busy = true
	return &stmtRows{Rows: rows, stmt: cs}, nil
}

// ExecContext implements driver.ExecerContext.
func (c *stmtConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	c.count.Add(1)
	cs := c.cached(ctx, query)
	if cs == nil {
		return c.exec.ExecContext(ctx, query, args)
	}
	return cs.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

// Close finalizes the statements, then closes the connection.
func (c *stmtConn) Close() error {
	var errs []error
	for q, cs := range c.stmts {
		errs = append(errs, cs.stmt.Close())
		delete(c.stmts, q)
	}
	return errors.Join(append(errs, c.Conn.Close())...)
}

// The optional interfaces of the driver's connection, passed through.

func (c *stmtConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if p, ok := c.Conn.(driver.ConnPrepareContext); ok {
		return p.PrepareContext(ctx, query)
	}
	return c.Conn.Prepare(query)
}

func (c *stmtConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if b, ok := c.Conn.(driver.ConnBeginTx); ok {
		return b.BeginTx(ctx, opts)
	}
	return c.Conn.Begin() // the driver offers nothing newer
}

func (c *stmtConn) Ping(ctx context.Context) error {
	if p, ok := c.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (c *stmtConn) ResetSession(ctx context.Context) error {
	if r, ok := c.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *stmtConn) IsValid() bool {
	if v, ok := c.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

// stmtRows frees its statement for the next run when closed.
type stmtRows struct {
	driver.Rows
	stmt *cachedStmt
}

func (r *stmtRows) Close() error {
	err := r.Rows.Close()
	r.stmt.busy = false
	return err
}

// The optional interfaces of the driver's rows, passed through.

func (r *stmtRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

func (r *stmtRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}

func (r *stmtRows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}

func (r *stmtRows) ColumnTypeLength(i int) (length int64, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeLength); ok {
		return t.ColumnTypeLength(i)
	}
	return 0, false
}

func (r *stmtRows) ColumnTypePrecisionScale(i int) (precision, scale int64, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypePrecisionScale); ok {
		return t.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}
