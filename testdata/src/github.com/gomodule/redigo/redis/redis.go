// Package redis synthesizes the part of github.com/gomodule/redigo/redis that fencecheck's tests need, with the real signatures.
package redis

import (
	"context"
	"errors"
	"time"
)

var ErrNil = errors.New("redigo: nil returned")

type Conn interface {
	Close() error
	Err() error
	Do(commandName string, args ...interface{}) (reply interface{}, err error)
	Send(commandName string, args ...interface{}) error
	Flush() error
	Receive() (reply interface{}, err error)
}

type ConnWithContext interface {
	Conn
	DoContext(ctx context.Context, commandName string, args ...interface{}) (reply interface{}, err error)
	ReceiveContext(ctx context.Context) (reply interface{}, err error)
}

type ConnWithTimeout interface {
	Conn
	DoWithTimeout(timeout time.Duration, commandName string, args ...interface{}) (reply interface{}, err error)
	ReceiveWithTimeout(timeout time.Duration) (reply interface{}, err error)
}

type Pool struct{}

func (p *Pool) Get() Conn { return nil }

func (p *Pool) GetContext(ctx context.Context) (Conn, error) { return nil, nil }

func DoContext(c Conn, ctx context.Context, cmd string, args ...interface{}) (interface{}, error) {
	return nil, nil
}

func DoWithTimeout(c Conn, timeout time.Duration, cmd string, args ...interface{}) (interface{}, error) {
	return nil, nil
}

func Int64(reply interface{}, err error) (int64, error) { return 0, nil }

func String(reply interface{}, err error) (string, error) { return "", nil }

type Script struct{}

func NewScript(keyCount int, src string) *Script { return nil }

func (s *Script) Do(c Conn, keysAndArgs ...interface{}) (interface{}, error) { return nil, nil }

func (s *Script) DoContext(ctx context.Context, c Conn, keysAndArgs ...interface{}) (interface{}, error) {
	return nil, nil
}
