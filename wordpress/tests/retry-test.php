<?php
/**
 * When a failed delivery is tried again.
 *
 * @package FC_Headless
 */

FC_Test::test(
	'backoff doubles from the base; three tries in all by default',
	static function () {
		FC_Test::same( 60, FC_Headless_Retry::delay( 1, 60 ) );
		FC_Test::same( 120, FC_Headless_Retry::delay( 2, 60 ) );
		FC_Test::same( 240, FC_Headless_Retry::delay( 3, 60 ) );
		FC_Test::same( 1, FC_Headless_Retry::delay( 1, 1 ), 'tests shorten the base' );
		FC_Test::same( 1060, FC_Headless_Retry::next_attempt_at( 1, 3, 60, 1000, null ) );
		FC_Test::same( 1120, FC_Headless_Retry::next_attempt_at( 2, 3, 60, 1000, 503 ) );
		FC_Test::same( null, FC_Headless_Retry::next_attempt_at( 3, 3, 60, 1000, 503 ), 'the third failure is the last' );
		FC_Test::same( 86400, FC_Headless_Retry::delay( 40, 60 ), 'capped at a day' );
	}
);

FC_Test::test(
	'what a retry can fix: no answer, timeouts, rate limits, server errors',
	static function () {
		foreach ( array( null, 0, 408, 425, 429, 500, 502, 503, 504 ) as $status ) {
			FC_Test::true( FC_Headless_Retry::is_retryable( $status ), "status {$status}" );
		}
		foreach ( array( 301, 400, 401, 403, 404, 413 ) as $status ) {
			FC_Test::same( false, FC_Headless_Retry::is_retryable( $status ), "status {$status}" );
			FC_Test::same( null, FC_Headless_Retry::next_attempt_at( 1, 3, 60, 0, $status ), "no retry for {$status}" );
		}
		FC_Test::true( FC_Headless_Retry::is_success( 202 ) );
		FC_Test::same( false, FC_Headless_Retry::is_success( null ) );
		FC_Test::same( false, FC_Headless_Retry::is_success( 302 ) );
	}
);

FC_Test::test(
	'Retry-After is honoured when longer than the backoff',
	static function () {
		FC_Test::same( 120, FC_Headless_Retry::parse_retry_after( '120', 0 ) );
		FC_Test::same( 30, FC_Headless_Retry::parse_retry_after( array( '30' ), 0 ) );
		FC_Test::same( 0, FC_Headless_Retry::parse_retry_after( '', 0 ) );
		FC_Test::same( 45, FC_Headless_Retry::parse_retry_after( gmdate( 'D, d M Y H:i:s \G\M\T', 1700000045 ), 1700000000 ) );
		FC_Test::same( 1000 + 300, FC_Headless_Retry::next_attempt_at( 1, 3, 60, 1000, 429, 300 ) );
		FC_Test::same( 1000 + 60, FC_Headless_Retry::next_attempt_at( 1, 3, 60, 1000, 429, 5 ) );
	}
);

FC_Test::test(
	'a delivery that a retry delivered leaves the failure list; others stay',
	static function () {
		$failures = array(
			array( 'key' => 'b', 'attempt' => 2 ),
			array( 'key' => 'a', 'attempt' => 2 ),
			array( 'key' => 'b', 'attempt' => 1 ),
			array( 'key' => 'a', 'attempt' => 1 ),
		);
		FC_Test::same( array( array( 'key' => 'b', 'attempt' => 2 ), array( 'key' => 'b', 'attempt' => 1 ) ), FC_Headless_Retry::without_delivery( $failures, 'a' ) );
		FC_Test::same( array(), FC_Headless_Retry::without_delivery( array( array( 'key' => 'a' ) ), 'a' ) );
		FC_Test::same( $failures, FC_Headless_Retry::without_delivery( $failures, 'c' ), 'another delivery leaves the list as it is' );
	}
);
