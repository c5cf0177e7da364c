<?php
/**
 * The block editor's "Live on the site": an item's change is live once every site has answered
 * 2xx to a delivery sent after it.
 *
 * @package FC_Headless
 */

FC_Test::test(
	'a change waits for every site, and a delivery sent after it confirms it',
	static function () {
		$state = FC_Headless_Live::started( array( 'https://a', 'https://b' ), 100 );
		FC_Test::same( 'sending', FC_Headless_Live::summary( $state )['state'] );
		$state = FC_Headless_Live::confirmed( $state, 'https://a', 100 );
		FC_Test::same( 'sending', FC_Headless_Live::summary( $state )['state'], 'one site of two' );
		FC_Test::same( 'sending', FC_Headless_Live::summary( FC_Headless_Live::confirmed( $state, 'https://b', 99 ) )['state'], 'a delivery sent before the change' );
		FC_Test::same( array( 'state' => 'live', 'next' => null, 'changed' => 100 ), FC_Headless_Live::summary( FC_Headless_Live::confirmed( $state, 'https://b', 101 ) ) );
		FC_Test::same( 'unknown', FC_Headless_Live::summary( null )['state'] );
	}
);

FC_Test::test(
	'a failed delivery is retrying until its next try, failed once it gave up, and live when a retry arrives',
	static function () {
		$state = FC_Headless_Live::failed_once( FC_Headless_Live::started( array( 'https://a' ), 100 ), 'https://a', 160 );
		FC_Test::same( array( 'state' => 'retrying', 'next' => 160, 'changed' => 100 ), FC_Headless_Live::summary( $state ) );
		FC_Test::same( 'failed', FC_Headless_Live::summary( FC_Headless_Live::failed_once( $state, 'https://a', null ) )['state'] );
		FC_Test::same( 'live', FC_Headless_Live::summary( FC_Headless_Live::confirmed( $state, 'https://a', 161 ) )['state'] );
	}
);
