// Package redis synthesizes the part of github.com/go-redis/redis/v7 that
// fencecheck's tests need, with the real signatures: the command methods
// are declared on the unexported type cmdable and promoted into *Client,
// as in the real package.
package redis

import "time"

type redisError string

func (e redisError) Error() string { return string(e) }

const Nil = redisError("redis: nil")

type Options struct{ Addr string }

func NewClient(opt *Options) *Client { return nil }

type Client struct{ cmdable }

func (c *Client) Watch(fn func(*Tx) error, keys ...string) error { return nil }

type Tx struct{ cmdable }

type cmdable func(cmd Cmder) error

type Cmder interface{ Err() error }

type baseCmd struct{}

func (cmd *baseCmd) Err() error { return nil }

type StatusCmd struct{ baseCmd }

func (cmd *StatusCmd) Val() string { return "" }

func (cmd *StatusCmd) Result() (string, error) { return "", nil }

type BoolCmd struct{ baseCmd }

func (cmd *BoolCmd) Val() bool { return false }

func (cmd *BoolCmd) Result() (bool, error) { return false, nil }

type IntCmd struct{ baseCmd }

func (cmd *IntCmd) Val() int64 { return 0 }

func (cmd *IntCmd) Result() (int64, error) { return 0, nil }

type Cmd struct{ baseCmd }

func (c cmdable) Set(key string, value interface{}, expiration time.Duration) *StatusCmd {
	return nil
}

func (c cmdable) SetNX(key string, value interface{}, expiration time.Duration) *BoolCmd {
	return nil
}

func (c cmdable) HSet(key string, values ...interface{}) *IntCmd { return nil }

func (c cmdable) HSetNX(key, field string, value interface{}) *BoolCmd { return nil }

func (c cmdable) Del(keys ...string) *IntCmd { return nil }

func (c cmdable) PExpire(key string, expiration time.Duration) *BoolCmd { return nil }

func (c cmdable) Eval(script string, keys []string, args ...interface{}) *Cmd { return nil }
