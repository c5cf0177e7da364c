<?php
/**
 * The plugins' plain-PHP checks (no WordPress, no network): php wordpress/tests/run.php
 * Runs every *-test.php beside this file; prints one line per failure and "N passed, N failed".
 * Exit code 0 when all pass.
 *
 * @package FC_Headless
 */

define( 'FC_HEADLESS_TESTING', true );

$fc_root = dirname( __DIR__ ) . '/fc-headless/includes/';
require $fc_root . 'class-fc-headless-signer.php';
require $fc_root . 'class-fc-headless-batch.php';
require $fc_root . 'class-fc-headless-retry.php';
require $fc_root . 'class-fc-headless-links.php';
require $fc_root . 'class-fc-headless-live.php';

// fc-catalogue's registry and validation, on the few WordPress functions they call (wp-stubs.php).
require __DIR__ . '/wp-stubs.php';
$fc_catalogue = dirname( __DIR__ ) . '/fc-catalogue/includes/';
foreach ( array( 'fields', 'labels', 'model', 'relations', 'validation', 'media', 'roles' ) as $fc_class ) {
	require $fc_catalogue . "class-fc-catalogue-{$fc_class}.php";
}

final class FC_Test {
	public static int $passed = 0;
	public static array $failures = array();
	public static string $current = '';

	public static function test( string $name, callable $body ): void {
		self::$current = $name;
		try {
			$body();
		} catch ( Throwable $e ) {
			self::$failures[] = "{$name}: " . get_class( $e ) . ': ' . $e->getMessage();
		}
	}

	public static function same( $expected, $actual, string $what = '' ): void {
		if ( $expected === $actual ) {
			self::$passed++;
			return;
		}
		self::$failures[] = self::$current . ( $what ? " ({$what})" : '' ) . ': expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true );
	}

	public static function true( $actual, string $what = '' ): void {
		self::same( true, $actual, $what );
	}
}

foreach ( glob( __DIR__ . '/*-test.php' ) as $file ) {
	require $file;
}

foreach ( FC_Test::$failures as $failure ) {
	echo "FAIL {$failure}\n";
}
printf( "%d passed, %d failed\n", FC_Test::$passed, count( FC_Test::$failures ) );
exit( FC_Test::$failures ? 1 : 0 );
