<?php
/**
 * Collecting the events of a request.
 *
 * @package FC_Headless
 */

FC_Test::test(
	'events are deduplicated in first-seen order, a delete outweighs an update',
	static function () {
		$b = new FC_Headless_Batch();
		FC_Test::true( $b->add( 'products', 12 ) );
		$b->add( 'menu', 30 );
		$b->add( 'products', 12 );
		$b->add( 'products', 14, 'delete' );
		$b->add( 'products', 14, 'update' );
		$b->add( 'menu', 30, 'delete' );
		FC_Test::same(
			array(
				array( 'type' => 'products', 'id' => 12, 'action' => 'update' ),
				array( 'type' => 'menu', 'id' => 30, 'action' => 'delete' ),
				array( 'type' => 'products', 'id' => 14, 'action' => 'delete' ),
			),
			$b->events()
		);
	}
);

FC_Test::test(
	'only the webhook\'s types and actions; front-page and all have id 0; items need an id',
	static function () {
		$b = new FC_Headless_Batch();
		FC_Test::same( false, $b->add( 'posts', 1 ), 'posts are not the site\'s' );
		FC_Test::same( false, $b->add( 'products', 1, 'purge' ), 'unknown action' );
		FC_Test::same( false, $b->add( 'products', 0 ), 'no id' );
		FC_Test::same( false, $b->add( 'products', -3 ), 'negative id' );
		FC_Test::true( $b->add( 'front-page', 99, 'delete' ) );
		FC_Test::same( array( array( 'type' => 'front-page', 'id' => 0, 'action' => 'update' ) ), $b->events() );
		FC_Test::same( 13, count( FC_Headless_Batch::TYPES ) );
	}
);

FC_Test::test(
	'purge-all makes the other events moot',
	static function () {
		$b = new FC_Headless_Batch();
		$b->add( 'products', 1 );
		$b->add( 'all', 0 );
		$b->add( 'pages', 2, 'delete' );
		FC_Test::same( array( array( 'type' => 'all', 'id' => 0, 'action' => 'update' ) ), $b->events() );
		FC_Test::same( '{"delivery":"5f0c8a3e-2b1d-4c6e-9a7f-0e1d2c3b4a59","events":[{"type":"all","id":0,"action":"update"}]}', FC_Headless_Batch::body( $b->events(), '5f0c8a3e-2b1d-4c6e-9a7f-0e1d2c3b4a59' ) );
	}
);

FC_Test::test(
	'bodies hold at most 100 events and stay far below 64 KiB',
	static function () {
		$b = new FC_Headless_Batch();
		for ( $i = 1; $i <= 250; $i++ ) {
			$b->add( 'imagemap_products', 1000000 + $i, 0 === $i % 2 ? 'delete' : 'update' );
		}
		$chunks = $b->chunks();
		FC_Test::same( array( 100, 100, 50 ), array_map( 'count', $chunks ) );
		FC_Test::true( strlen( FC_Headless_Batch::body( $chunks[0], '5f0c8a3e-2b1d-4c6e-9a7f-0e1d2c3b4a59' ) ) < 64 * 1024 );
		FC_Test::same( array( 10, 10 ), array_map( 'count', array_slice( $b->chunks( 10 ), 0, 2 ) ) );
		FC_Test::same( 100, count( $b->chunks( 1000 )[0] ), 'never over 100' );
		$b->clear();
		FC_Test::true( $b->is_empty() );
		FC_Test::same( array(), $b->chunks() );
	}
);
